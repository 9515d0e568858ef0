import { LRUCache } from 'lru-cache';
import type { Tx } from '../../db/client.js';
import type { AppContext } from '../../lib/context.js';
import type { JsonBody } from './json-body.js';

/**
 * First inventory pages are kept for a few seconds, as their serialized JSON body: the unfiltered first page
 * is what every dealer opens, and its exact count is the costly part. Any listing change made through this process
 * clears the cache at once; changes from another instance (or a sale) show within the TTL.
 * lru-cache does the bookkeeping (TTL, at most `max` entries, least recently used out first; decision 0008);
 * this wrapper adds "a TTL of 0 turns it off" (tests) and a TTL that can change at run time.
 */
export class PageCache<V extends object> {
  private readonly lru: LRUCache<string, V>;
  constructor(
    public ttlMs: number,
    max = 500,
    now: () => number = () => performance.now(),
  ) {
    this.lru = new LRUCache<string, V>({ max, ttlResolution: 0, perf: { now } });
  }

  get(key: string): V | undefined {
    return this.lru.get(key);
  }

  set(key: string, value: V): void {
    if (this.ttlMs <= 0) return;
    this.lru.set(key, value, { ttl: this.ttlMs });
  }

  clear(): void {
    this.lru.clear();
  }
}

const caches = new WeakMap<AppContext, PageCache<JsonBody>>();

/** The first inventory pages of one app: kept 5 seconds (PAGE_CACHE_MS); off in tests (they change rows behind the service's back). */
export function firstPageCache(ctx: AppContext): PageCache<JsonBody> {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new PageCache<JsonBody>(ctx.config.pageCacheMs);
    caches.set(ctx, cache);
  }
  return cache;
}

/** Call after any change to listings or their images (create, edit, status, delete, sale) so it shows at once. */
export function invalidateInventory(ctx: AppContext): void {
  caches.get(ctx)?.clear();
}

/** A write transaction after which the cached first pages are dropped (also when it fails half-way). */
export async function inventoryWrite<T>(ctx: AppContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction(fn);
  } finally {
    invalidateInventory(ctx);
  }
}
