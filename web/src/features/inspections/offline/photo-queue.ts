import type { InspectionPhoto } from '@domain/inspection-api';
import { ApiError, api } from '@/lib/api';

/**
 * The inspector's photo queue in the phone (docs/product/condition-reports.md#offline, decision 0086).
 *
 * A photo is written to IndexedDB the moment it is taken, with a client id and the SHA-256 of its bytes, and sent
 * in the background. A submission ("Submit report") waits in the same database behind the photos of its tractor.
 * Every record names the signed-in user: another user on the same phone never sees or sends it.
 *
 * Exactly one flush runs at a time: `requestFlush()` answers the running one and asks it to go round once more, and
 * across tabs a Web Lock keeps a second tab's flush waiting. A flush sends the user's photos one by one (the
 * server stores a photo sent again once: it deduplicates on the client id), then each submission whose tractor has
 * no photo left in the phone and no unsaved answer, with its id (the server publishes a submission once) and the
 * list of photos (id and SHA-256) the server must hold before it publishes.
 */

const DB_NAME = 'fieldlot-inspector';
/** Dispatched on window by the sign-out (features/auth). */
const SIGNED_OUT_EVENT = 'fieldlot:signed-out';
const PHOTOS = 'photos';
const SUBMISSIONS = 'submissions';

export interface QueuedPhoto {
  clientId: string;
  userId: string;
  listingId: string;
  checkpointId: string;
  blob: Blob;
  name: string;
  sha256: string;
  takenAt: number;
  /** Set when the server refused the photo (not an image, too large): it is not sent again. */
  refused?: string;
}

export interface QueuedSubmission {
  submissionId: string;
  userId: string;
  listingId: string;
  confirmHours: boolean;
  photos: { clientId: string; sha256: string }[];
  queuedAt: number;
}

export type QueueEvent =
  | { type: 'photo-sent'; listingId: string; photo: InspectionPhoto }
  | { type: 'published'; listingId: string; submissionId: string; number: number; grade: number }
  | { type: 'refused'; listingId: string; submissionId: string; error: ApiError };

export interface QueueSnapshot {
  userId: string | null;
  photos: (Omit<QueuedPhoto, 'blob'> & { url: string; state: 'waiting' | 'sending' | 'refused' })[];
  submissions: QueuedSubmission[];
  /** The last flush stopped on a dropped connection. */
  offline: boolean;
}

let dbPromise: Promise<IDBDatabase> | null = null;
function db(): Promise<IDBDatabase> {
  dbPromise ??= new Promise((resolve, reject) => {
    const open = indexedDB.open(DB_NAME, 1);
    open.onupgradeneeded = () => {
      const d = open.result;
      d.createObjectStore(PHOTOS, { keyPath: 'clientId' }).createIndex('user', 'userId');
      d.createObjectStore(SUBMISSIONS, { keyPath: 'submissionId' }).createIndex('user', 'userId');
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => {
      dbPromise = null;
      reject(open.error);
    };
  });
  return dbPromise;
}

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

/** Runs one write and answers once it is committed (a photo is on the phone's disk when this resolves). */
async function write(name: string, run: (s: IDBObjectStore) => void) {
  const tx = (await db()).transaction(name, 'readwrite');
  run(tx.objectStore(name));
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('The phone did not keep it'));
  });
}

async function byUser<T>(name: string, userId: string): Promise<T[]> {
  const s = (await db()).transaction(name, 'readonly').objectStore(name);
  return request(s.index('user').getAll(userId)) as Promise<T[]>;
}

const put = (name: string, value: unknown) => write(name, (s) => s.put(value));
const remove = (name: string, key: string) => write(name, (s) => s.delete(key));

const hex = (buf: ArrayBuffer) =>
  [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');
export const sha256Of = async (blob: Blob) =>
  hex(await crypto.subtle.digest('SHA-256', await blob.arrayBuffer()));

// --- The snapshot React reads (useSyncExternalStore) and the events the screens act on.

let snapshot: QueueSnapshot = { userId: null, photos: [], submissions: [], offline: false };
let sending: string | null = null;
const urls = new Map<string, string>();
const changeListeners = new Set<() => void>();
const eventListeners = new Set<(e: QueueEvent) => void>();

export const getSnapshot = () => snapshot;
export function subscribe(listener: () => void) {
  changeListeners.add(listener);
  return () => {
    changeListeners.delete(listener);
  };
}
export function onQueueEvent(listener: (e: QueueEvent) => void) {
  eventListeners.add(listener);
  return () => {
    eventListeners.delete(listener);
  };
}
const emit = (e: QueueEvent) => {
  for (const l of eventListeners) l(e);
};

/** Reads the signed-in user's records again and tells the screens. */
async function refresh(offline = snapshot.offline) {
  const userId = snapshot.userId;
  const [photos, submissions] = userId
    ? await Promise.all([byUser<QueuedPhoto>(PHOTOS, userId), byUser<QueuedSubmission>(SUBMISSIONS, userId)])
    : [[], []];
  photos.sort((a, b) => a.takenAt - b.takenAt);
  const kept = new Set(photos.map((p) => p.clientId));
  for (const [id, url] of urls)
    if (!kept.has(id)) {
      URL.revokeObjectURL(url);
      urls.delete(id);
    }
  if (userId !== snapshot.userId) return; // signed out or switched meanwhile
  snapshot = {
    userId,
    offline,
    submissions: submissions.sort((a, b) => a.queuedAt - b.queuedAt),
    photos: photos.map(({ blob, ...p }) => {
      let url = urls.get(p.clientId);
      if (!url) {
        url = URL.createObjectURL(blob);
        urls.set(p.clientId, url);
      }
      return { ...p, url, state: p.refused ? 'refused' : sending === p.clientId ? 'sending' : 'waiting' };
    }),
  };
  for (const l of changeListeners) l();
}

/** The signed-in user whose records are shown and sent (null: none). */
export function setQueueUser(userId: string | null) {
  if (snapshot.userId === userId) return;
  snapshot = { userId, photos: [], submissions: [], offline: false };
  for (const l of changeListeners) l();
  if (userId) void refresh().then(() => requestFlush());
}

/** Keeps the photo (or the engine sound) in the phone at once; it is sent in the background. */
export async function enqueuePhoto(
  listingId: string,
  checkpointId: string,
  file: Blob & { name?: string },
  name = file.name,
) {
  const userId = snapshot.userId;
  if (!userId) throw new Error('Sign in to take photos');
  const record: QueuedPhoto = {
    clientId: crypto.randomUUID(),
    userId,
    listingId,
    checkpointId,
    blob: file,
    name: name || 'photo.jpg',
    sha256: await sha256Of(file),
    takenAt: Date.now(),
  };
  await put(PHOTOS, record);
  await refresh();
  void requestFlush();
  return record.clientId;
}

/** Takes a photo out of the phone before it was sent. */
export async function removeQueuedPhoto(clientId: string) {
  await remove(PHOTOS, clientId);
  await refresh();
}

/** "Submit report": published once the server holds every photo listed (those sent and those still here). */
export async function enqueueSubmission(
  listingId: string,
  confirmHours: boolean,
  heldPhotos: { clientId: string; sha256: string }[],
) {
  const userId = snapshot.userId;
  if (!userId) throw new Error('Sign in to submit the report');
  const queued = snapshot.photos.filter((p) => p.listingId === listingId && !p.refused);
  const submission: QueuedSubmission = {
    submissionId: crypto.randomUUID(),
    userId,
    listingId,
    confirmHours,
    photos: [...heldPhotos, ...queued.map((p) => ({ clientId: p.clientId, sha256: p.sha256 }))],
    queuedAt: Date.now(),
  };
  await put(SUBMISSIONS, submission);
  await refresh();
  void requestFlush();
  return submission.submissionId;
}

// --- The flush: one at a time.

/**
 * Where the form keeps the inspector's answers not yet saved on the server (use-draft-sync): per user, so another
 * user signing in on the phone never sends them.
 */
export const draftPendingKey = (userId: string, listingId: string) =>
  `fieldlot:inspection-pending:${userId}:${listingId}`;

/** False while the form still holds answers of the tractor not saved on the server: the report waits for them. */
function draftSaved(userId: string, listingId: string) {
  try {
    return (
      Object.keys(JSON.parse(localStorage.getItem(draftPendingKey(userId, listingId)) ?? '{}')).length === 0
    );
  } catch {
    return true;
  }
}

/**
 * Not the server's no to what was sent, so it waits and goes again (photos, submissions and the form's answers
 * alike): no connection, a request given up, the server busy, the session gone (signed in again, it goes), or the
 * anti-forgery cookie changed under the request (seen in a loaded run: sent again, it carries the current one).
 */
export const sendAgainLater = (err: unknown) =>
  !(err instanceof ApiError) ||
  err.status === 0 ||
  err.status === 401 ||
  err.status === 408 ||
  err.status === 429 ||
  err.status >= 500 ||
  err.code === 'CSRF';

/**
 * A request that never settles (a connection that stalls without closing) would hold the one running flush, and
 * every later one joins it: each is given up after this long and tried again like a dropped connection. A 3 MB
 * photo takes about 2 minutes on a 25 KB/s link.
 */
const UPLOAD_LIMIT_MS = 3 * 60_000;
const PUBLISH_LIMIT_MS = 60_000;

let inFlight: Promise<void> | null = null;
let again = false;
/** After a dropped connection the queue tries again soon, then less often (2 s doubling to 60 s). */
let retryMs = 2000;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
function retrySoon() {
  if (retryTimer) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void requestFlush();
  }, retryMs);
  retryMs = Math.min(retryMs * 2, 60_000);
}

/** Starts a flush, or asks the running one to go round once more; answers when the queue is done for now. */
export function requestFlush(): Promise<void> {
  if (inFlight) {
    again = true;
    return inFlight;
  }
  inFlight = (async () => {
    try {
      do {
        again = false;
        const userId = snapshot.userId;
        if (!userId) break;
        const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
        if (locks) await locks.request('fieldlot-inspector-queue', () => flushOnce(userId));
        else await flushOnce(userId);
      } while (again);
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

async function flushOnce(userId: string) {
  // Known offline: nothing is tried (the 'online' event starts the next flush).
  if (navigator.onLine === false) {
    await refresh(true);
    return;
  }
  const photos = (await byUser<QueuedPhoto>(PHOTOS, userId)).sort((a, b) => a.takenAt - b.takenAt);
  for (const p of photos) {
    if (p.refused || snapshot.userId !== userId) continue;
    sending = p.clientId;
    await refresh(false);
    try {
      const form = new FormData();
      form.append('file', p.blob, p.name);
      const photo = await api.upload('/api/inspections/{listingId}/photos', form, {
        params: {
          path: { listingId: p.listingId },
          query: { checkpointId: p.checkpointId, clientId: p.clientId },
        },
        signal: AbortSignal.timeout(UPLOAD_LIMIT_MS),
      });
      await remove(PHOTOS, p.clientId);
      retryMs = 2000;
      emit({ type: 'photo-sent', listingId: p.listingId, photo });
    } catch (err) {
      sending = null;
      if (sendAgainLater(err)) {
        await refresh(true);
        retrySoon();
        return;
      }
      // Refused for good (not an image, too large, the tractor gone): kept and shown, never sent again.
      await put(PHOTOS, { ...p, refused: err instanceof Error ? err.message : 'Refused' });
    }
    sending = null;
    await refresh(false);
  }
  const left = new Set((await byUser<QueuedPhoto>(PHOTOS, userId)).map((p) => p.listingId));
  const submissions = (await byUser<QueuedSubmission>(SUBMISSIONS, userId)).sort(
    (a, b) => a.queuedAt - b.queuedAt,
  );
  for (const s of submissions) {
    if (left.has(s.listingId) || !draftSaved(userId, s.listingId) || snapshot.userId !== userId) continue;
    try {
      const r = await api.POST('/api/inspections/{listingId}/publish', {
        params: { path: { listingId: s.listingId } },
        body: { confirmHours: s.confirmHours, submissionId: s.submissionId, photos: s.photos },
        signal: AbortSignal.timeout(PUBLISH_LIMIT_MS),
      });
      await remove(SUBMISSIONS, s.submissionId);
      emit({ type: 'published', listingId: s.listingId, submissionId: s.submissionId, ...r });
    } catch (err) {
      if (sendAgainLater(err)) {
        await refresh(true);
        retrySoon();
        return;
      }
      // The server does not hold every photo yet (sent from another phone, say): tried again on the next flush.
      if (err instanceof ApiError && err.status === 409) continue;
      await remove(SUBMISSIONS, s.submissionId);
      emit({ type: 'refused', listingId: s.listingId, submissionId: s.submissionId, error: err as ApiError });
    }
  }
  await refresh(false);
}

/** Flushes when the connection comes back and every 15 s while anything waits (Safari has no Background Sync). */
let started = false;
export function startFlushing() {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', () => void requestFlush());
  // Signed out: nothing of this user is shown or sent until they sign in again (their records stay).
  window.addEventListener(SIGNED_OUT_EVENT, () => setQueueUser(null));
  setInterval(() => {
    if (snapshot.photos.length || snapshot.submissions.length) void requestFlush();
  }, 15_000);
}
