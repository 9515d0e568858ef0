import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from '@/lib/toast';

/**
 * One EventSource per tab on /api/events, shared by every component that wants live updates (reference
 * counted: opened by the first, closed after the last). Events invalidate TanStack Query keys, so screens
 * refetch what changed. On a dropped connection it reconnects with exponential backoff (1 s doubling to
 * 30 s, with jitter) and refetches on reconnect, since events may have been missed meanwhile.
 */

const BASE_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;

let source: EventSource | null = null;
let users = 0;
let attempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let client: QueryClient | null = null;
let hadConnection = false;
let closeTimer: ReturnType<typeof setTimeout> | undefined;
/** Moving between pages unmounts one user before the next mounts: keep the stream through the gap. */
const CLOSE_GRACE_MS = 5_000;

/** Which cached queries an event makes stale. */
function invalidate(qc: QueryClient, type: string) {
  qc.invalidateQueries({
    predicate: (q) => {
      const head = String(q.queryKey[0] ?? '');
      if (head === 'offers') return true;
      // A seller's My Listings (offer counts, best offer, stage) follows offers and reviews
      // (dealer-selling.md#offers-on-your-tractors).
      if (head === 'listings' && q.queryKey[1] === 'mine') return true;
      // The admin panel's counts ("N need action", "N in review") follow offers and listing reviews.
      if (head === 'admin' && q.queryKey[1] === 'stats') return type !== 'listing.sold';
      if (type === 'listing.stage') return head.startsWith('listing');
      // Purchases (docs/product/purchases.md) follow their own events and acceptances.
      if (head === 'purchases')
        return type === 'purchase.updated' || type === 'offer.updated' || type === 'resync';
      if (type === 'report.changed') return head === 'reports' || head.startsWith('listing');
      // Sale inquiries (selling.md#sale-inquiries-tab): a new inquiry, an offer sent, a farmer's answer.
      if (type === 'inquiry.updated') return head === 'admin' && q.queryKey[1] === 'inquiries';
      // An acceptance sells a listing: inventories and the listing page change too.
      if (type === 'listing.sold' || type === 'resync')
        return head.startsWith('listing') || head === 'inventory';
      return false;
    },
  });
}

function connect() {
  if (source || users === 0 || typeof EventSource === 'undefined') return;
  const es = new EventSource('/api/events', { withCredentials: true });
  source = es;
  es.onopen = () => {
    // After a reconnect, anything may have changed while we were away.
    if (hadConnection && client) invalidate(client, 'resync');
    hadConnection = true;
    attempt = 0;
  };
  for (const type of [
    'offer.created',
    'offer.updated',
    'listing.sold',
    'listing.stage',
    'purchase.updated',
    'inquiry.updated',
    'resync',
  ]) {
    es.addEventListener(type, (e) => {
      if (client) invalidate(client, type);
      if (handlers.size === 0) return;
      let data: Record<string, unknown> = {};
      try {
        data = JSON.parse((e as MessageEvent<string>).data);
      } catch {}
      for (const h of handlers) h(type, data);
    });
  }
  // Condition reports: a dealer with an open offer is told live when the tractor's condition report is revised.
  es.addEventListener('report.changed', (e) => {
    if (client) invalidate(client, 'report.changed');
    let tractor = '';
    try {
      tractor = String(JSON.parse((e as MessageEvent<string>).data)?.tractor ?? '');
    } catch {}
    toast.warning('The condition report changed', { description: tractor || undefined, duration: 15_000 });
  });
  for (const [type, fn] of featureEvents) listenFeature(es, type, fn);
  es.onerror = () => {
    // Take reconnection over from the browser so the delay backs off and a 401 does not loop fast.
    es.close();
    if (source === es) source = null;
    if (users === 0) return;
    const delay = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt) * (0.75 + Math.random() * 0.5);
    attempt += 1;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(connect, delay);
  };
}

/** Events a lazily loaded feature handles itself (it registers them when its code loads). */
export type FeatureEventHandler = (data: Record<string, unknown>, qc: QueryClient | null) => void;
const featureEvents = new Map<string, FeatureEventHandler>();

function listenFeature(es: EventSource, type: string, fn: FeatureEventHandler) {
  es.addEventListener(type, (e) => {
    let data: Record<string, unknown> = {};
    try {
      data = JSON.parse((e as MessageEvent<string>).data);
    } catch {}
    fn(data, client);
  });
}

/** Registers a feature's live event (once per type), also on a stream already open. */
export function onFeatureEvent(type: string, fn: FeatureEventHandler) {
  if (featureEvents.has(type)) return;
  featureEvents.set(type, fn);
  if (source) listenFeature(source, type, fn);
}

function disconnect() {
  clearTimeout(retryTimer);
  source?.close();
  source = null;
  hadConnection = false;
  attempt = 0;
}

export type LiveEventHandler = (type: string, data: Record<string, unknown>) => void;
const handlers = new Set<LiveEventHandler>();

/** Calls `handler` with each live event while mounted (e.g. the admin panel's toasts); keeps the stream open. */
export function useLiveEventHandler(handler: LiveEventHandler) {
  useLiveEvents();
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    const h: LiveEventHandler = (type, data) => ref.current(type, data);
    handlers.add(h);
    return () => {
      handlers.delete(h);
    };
  }, []);
}

/** Keeps the tab's live-event stream open while the calling component is mounted (and `enabled`). */
export function useLiveEvents(enabled = true) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    client = qc;
    users += 1;
    clearTimeout(closeTimer);
    connect();
    return () => {
      users -= 1;
      if (users === 0) closeTimer = setTimeout(() => users === 0 && disconnect(), CLOSE_GRACE_MS);
    };
  }, [qc, enabled]);
}
