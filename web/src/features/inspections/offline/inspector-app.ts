import { storageWarning } from '@domain/inspection';
import type { InspectionDraft } from '@domain/inspection-api';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { toast } from '@/lib/toast';
import { reportKeys } from '../api/inspections';
import {
  getSnapshot,
  onQueueEvent,
  requestFlush,
  setQueueUser,
  startFlushing,
  subscribe,
} from './photo-queue';

/** The inspector app's service worker: its scope is /inspect only, visitors' and dealers' pages have none. */
export const INSPECTOR_WORKER = '/inspect-sw.js';
export const INSPECTOR_SCOPE = '/inspect';

/** What this page loaded before the worker controlled it: the worker keeps copies for opening offline. */
function loadedUrls(): string[] {
  const own = (u: string) => {
    try {
      const url = new URL(u, window.location.href);
      return url.origin === window.location.origin ? url.pathname + url.search : null;
    } catch {
      return null;
    }
  };
  const resources = performance
    .getEntriesByType('resource')
    .map((e) => own(e.name))
    .filter((u): u is string => !!u && u.startsWith('/assets/'));
  // The session and the queue were asked before the worker was there: it fetches its own copies.
  const answers = ['/api/auth/session', '/api/inspections'];
  const icons = ['/inspect.webmanifest', '/fieldlot-mark.png', '/favicon.svg'];
  return [...new Set([INSPECTOR_SCOPE, window.location.pathname, ...resources, ...answers, ...icons])];
}

function linkManifest() {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = '/inspect.webmanifest';
  document.head.append(link);
}

/** Resolves once the worker controls this page (its requests then go through it and are kept). */
export function whenWorkerControls(): Promise<void> {
  if (!('serviceWorker' in navigator)) return new Promise(() => {});
  if (navigator.serviceWorker.controller) return Promise.resolve();
  return new Promise((resolve) =>
    navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
  );
}

/** Asks the worker to keep copies of these paths (pages, scripts, API answers) for opening offline. */
export async function keepForOffline(paths: string[]) {
  await whenWorkerControls();
  navigator.serviceWorker.controller?.postMessage({ type: 'keep', urls: paths });
}

let registered = false;
/** Installs the worker (once a page load) and hands it what this page loaded before it took control. */
async function registerWorker() {
  if (registered || !('serviceWorker' in navigator)) return;
  registered = true;
  try {
    performance.setResourceTimingBufferSize?.(1000);
    await navigator.serviceWorker.register(INSPECTOR_WORKER, { scope: INSPECTOR_SCOPE });
    await keepForOffline(loadedUrls());
    // Ask the browser not to evict the photos waiting in the phone (docs/product/condition-reports.md#offline).
    void navigator.storage?.persist?.().catch(() => false);
  } catch {
    registered = false;
  }
}

/**
 * The inspector app's frame, on /inspect and /inspect/:id: installs the worker and the manifest, shows and sends
 * this user's queued photos and submissions, and keeps the form's draft in step with what was sent.
 */
export function useInspectorApp(userId: string | null) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    setQueueUser(userId);
    startFlushing();
    void requestFlush();
    linkManifest();
    void registerWorker();
  }, [userId]);
  useEffect(
    () =>
      onQueueEvent((e) => {
        if (e.type === 'photo-sent')
          qc.setQueryData<InspectionDraft>(reportKeys.draft(e.listingId), (d) =>
            d && !d.photos.some((p) => p.id === e.photo.id) ? { ...d, photos: [...d.photos, e.photo] } : d,
          );
        if (e.type === 'published') {
          toast.success(`Report published: revision ${e.number}, grade ${e.grade.toFixed(1)}`, {
            id: e.submissionId,
          });
          qc.invalidateQueries({ queryKey: ['reports'] });
          qc.invalidateQueries({ queryKey: ['inspections'] });
          qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('listing') });
        }
      }),
    [qc],
  );
}

/** The signed-in user's queued photos and submissions, as the screens show them. */
export const usePhotoQueue = () => useSyncExternalStore(subscribe, getSnapshot, getSnapshot);

/** "Waiting to send 7 photos" ("... and the engine sound" while it waits too), or null when nothing waits. */
export function waitingText(photos: number, recordings = 0) {
  const parts = [
    ...(photos ? [`${photos} ${photos === 1 ? 'photo' : 'photos'}`] : []),
    ...(recordings ? ['the engine sound'] : []),
  ];
  return parts.length ? `Waiting to send ${parts.join(' and ')}` : null;
}

/**
 * "Storage nearly full: 40 MB left on this phone..." while the browser's room for the app runs low (a photo it
 * cannot keep is lost), else null: asked on opening, whenever the queue changes, and every minute.
 */
export function useStorageWarning(): string | null {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const check = () => {
      void navigator.storage
        ?.estimate?.()
        .then((e) => {
          if (live) setText(storageWarning(e));
        })
        .catch(() => {});
    };
    check();
    const timer = setInterval(check, 60_000);
    const unsubscribe = subscribe(check);
    return () => {
      live = false;
      clearInterval(timer);
      unsubscribe();
    };
  }, []);
  return text;
}
