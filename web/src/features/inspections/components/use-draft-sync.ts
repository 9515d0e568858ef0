import { answerConflictText } from '@domain/inspection';
import type { DraftDetails, SaveAnswer } from '@domain/inspection-api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { serverFieldErrors } from '@/lib/form-errors';
import { useSaveAnswer, useSaveDetails } from '../api/inspections';
import { draftPendingKey, requestFlush, sendAgainLater } from '../offline/photo-queue';

export type Change = { kind: 'answer'; body: SaveAnswer } | { kind: 'details'; body: DraftDetails };
export type SyncState = 'idle' | 'saving' | 'saved' | 'offline' | 'error';

const keyOf = (c: Change) =>
  c.kind === 'answer' ? `answer:${c.body.checkpointId}` : `details:${Object.keys(c.body).sort().join(',')}`;

/** This browser's id, sent with every answer: two phones' answers to a checkpoint are told apart by it. */
const DEVICE_KEY = 'fieldlot:device';
function deviceId() {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}

function load(key: string, listingId: string): Record<string, Change> {
  try {
    // Answers kept before they were kept per user are this phone's user's: taken over once.
    const legacy = `fieldlot:inspection-pending:${listingId}`;
    const old = localStorage.getItem(legacy);
    if (old !== null && localStorage.getItem(key) === null) localStorage.setItem(key, old);
    localStorage.removeItem(legacy);
    return JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, Change>;
  } catch {
    return {};
  }
}

/**
 * Saves every change as it is given, one request at a time (so the last tap wins). A change is kept in
 * localStorage until the server has it: a dropped connection or a reload loses nothing, and waiting changes are
 * sent again when the browser is back online (and every 15 s). Refused changes come back as field errors.
 */
export function useDraftSync(userId: string, listingId: string) {
  const storageKey = draftPendingKey(userId, listingId);
  // The mutation objects change on every render; their mutateAsync is what we call, kept in a ref so the
  // callbacks below (and the effect that flushes) keep one identity.
  const saveAnswer = useSaveAnswer(listingId).mutateAsync;
  const saveDetails = useSaveDetails(listingId).mutateAsync;
  const savers = useRef({ saveAnswer, saveDetails });
  savers.current = { saveAnswer, saveDetails };
  const [pending, setPending] = useState<Record<string, Change>>(() => load(storageKey, listingId));
  const [state, setState] = useState<SyncState>('idle');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // What another phone's answer did to this phone's, by checkpoint (docs/product/condition-reports.md#two-phones).
  const [notices, setNotices] = useState<Record<string, string>>({});
  const dismiss = useCallback(
    (checkpointId: string) => setNotices(({ [checkpointId]: _, ...rest }) => rest),
    [],
  );
  const chain = useRef<Promise<void>>(Promise.resolve());
  const pendingRef = useRef(pending);

  const persist = useCallback(
    (next: Record<string, Change>) => {
      pendingRef.current = next;
      setPending(next);
      localStorage.setItem(storageKey, JSON.stringify(next));
    },
    [storageKey],
  );

  const sendOne = useCallback(
    async (key: string, change: Change) => {
      setState('saving');
      try {
        if (change.kind === 'answer') {
          const { checkpointId, rating, note } = change.body;
          const saved = await savers.current.saveAnswer(change.body);
          setNotices(({ [checkpointId]: _, ...rest }) =>
            saved.outcome !== 'saved' && saved.other
              ? { ...rest, [checkpointId]: answerConflictText(saved.outcome, { rating, note }, saved.other) }
              : rest,
          );
        } else await savers.current.saveDetails(change.body);
        // Only drop it when nothing newer for the same key arrived meanwhile.
        if (pendingRef.current[key] === change) {
          const { [key]: _, ...rest } = pendingRef.current;
          persist(rest);
        }
        setErrors((e) => {
          const fields = change.kind === 'answer' ? [change.body.checkpointId] : Object.keys(change.body);
          const next = { ...e };
          for (const f of fields) delete next[f];
          return next;
        });
        const left = Object.keys(pendingRef.current).length;
        setState(left ? 'saving' : 'saved');
        // A submitted report waits for its answers: with the last one saved, it may go.
        if (!left) void requestFlush();
      } catch (err) {
        // Only the server's own no to this answer drops it; its message shows under the checkpoint.
        if (sendAgainLater(err)) {
          setState('offline');
          return;
        }
        // Refused (4xx): not retried; the field says why.
        const { [key]: _, ...rest } = pendingRef.current;
        persist(rest);
        const message = err instanceof Error ? err.message : 'Could not save';
        const fields = serverFieldErrors(err) ?? {
          [change.kind === 'answer' ? change.body.checkpointId : Object.keys(change.body)[0]]: message,
        };
        setErrors((e) => ({ ...e, ...flatten(fields, change) }));
        setState('error');
      }
    },
    [persist],
  );

  const submit = useCallback(
    (given: Change) => {
      // An answer carries when it was given and on which phone: of two phones' answers the later one wins.
      const change: Change =
        given.kind === 'answer'
          ? { ...given, body: { ...given.body, changedAt: new Date().toISOString(), device: deviceId() } }
          : given;
      const key = keyOf(change);
      persist({ ...pendingRef.current, [key]: change });
      chain.current = chain.current.then(() => sendOne(key, change));
      return chain.current;
    },
    [persist, sendOne],
  );

  const flush = useCallback(() => {
    for (const [key, change] of Object.entries(pendingRef.current)) {
      chain.current = chain.current.then(() =>
        pendingRef.current[key] === change ? sendOne(key, change) : Promise.resolve(),
      );
    }
  }, [sendOne]);

  useEffect(() => {
    flush();
    const onOnline = () => flush();
    window.addEventListener('online', onOnline);
    const timer = setInterval(() => Object.keys(pendingRef.current).length && flush(), 15_000);
    return () => {
      window.removeEventListener('online', onOnline);
      clearInterval(timer);
    };
  }, [flush]);

  return { submit, pending, state, errors, notices, dismiss, waiting: Object.keys(pending).length };
}

/** Server field paths ("treads.front-left", "rating") onto the names the form shows errors under. */
function flatten(fields: Record<string, string>, change: Change): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    if (change.kind === 'answer') out[change.body.checkpointId] = message;
    else out[path.replace(/^treads\./, 'treads.')] = message;
  }
  return out;
}
