import type { Tx } from '../../db/client.js';
import type { AppContext } from '../../lib/context.js';
import type { JsonBody } from './json-body.js';

/**
 * First inventory pages are kept for a few seconds, as their serialized JSON body: the unfiltered first page
 * is what every dealer opens, and its exact count is the costly part. Any listing change made through this process
 * clears the cache at once; changes from another instance (or a sale) show within the TTL.
 */
export class PageCache<V> {
  private entries = new Map<string, { value: V; expires: number }>();
  constructor(
    public ttlMs: number,
    private readonly max = 500,
  ) {}

  get(key: string, now = Date.now()): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: V, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.max) {
      // Drop the oldest entry (Map keeps insertion order).
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expires: now + this.ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }
}

const caches = new WeakMap<AppContext, PageCache<JsonBody>>();

/** The first inventory pages of one app: kept 5 seconds; off in tests (they change rows behind the service's back). */
export function firstPageCache(ctx: AppContext): PageCache<JsonBody> {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new PageCache<JsonBody>(ctx.config.env === 'test' ? 0 : 5000);
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
