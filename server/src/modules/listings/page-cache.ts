import { LRUCache } from 'lru-cache';
import type { Database, Tx } from '../../db/client.js';
import type { AppContext } from '../../lib/context.js';
import { listenForEvents } from '../../lib/events.js';
import type { JsonBody } from './json-body.js';

/** What the database announces (statement triggers, migration 0016) after any write to listings or their images. */
export const INVENTORY_CHANGED_EVENT = 'inventory.changed';

/**
 * First inventory pages, kept as their serialized (and compressed) JSON body: the unfiltered first page is what
 * every dealer opens (docs/product/listings.md#inventory-cache, decision 0023).
 *
 * Kept true, not merely fresh: the database itself announces every write to `tractor_listings` and
 * `tractor_images`, whichever instance or code path made it, and every instance empties its cache on hearing it.
 * A page computed while a change was being announced is not kept (the generation moved on), and while the
 * listener is down nothing is cached at all. The TTL (PAGE_CACHE_MS) is only a backstop.
 * lru-cache does the bookkeeping (TTL, at most `max` entries, least recently used out first; decision 0008).
 */
export class PageCache<V extends object> {
  private readonly lru: LRUCache<string, V>;
  private generationNo = 0;
  private listening = true;
  private unlisten: (() => Promise<void>) | null = null;
  /** Pages being computed, each with the generation it started in (single-flight, decision 0048). */
  private readonly inflight = new Map<string, { generation: number; page: Promise<V> }>();
  /** Values that go with the pages (the brand list), dropped with them on every change (decision 0048). */
  private readonly kept = new Map<string, { generation: number; until: number; value: Promise<unknown> }>();

  constructor(
    public ttlMs: number,
    max = 500,
    now: () => number = () => performance.now(),
    /** Hears every lookup, a hit or not (the operator's metrics, decision 0037). */
    private readonly onLookup: (hit: boolean) => void = () => {},
  ) {
    this.lru = new LRUCache<string, V>({ max, ttlResolution: 0, perf: { now } });
    this.now = now;
  }
  private readonly now: () => number;

  /** Listens for the database's change notices; until then (and whenever the listener is lost) nothing is kept. */
  async listen(database: Database): Promise<void> {
    this.listening = false;
    this.unlisten = await listenForEvents(
      database,
      INVENTORY_CHANGED_EVENT,
      () => {
        this.clear();
        this.listening = true;
      },
      () => {
        this.listening = false;
        this.clear();
      },
    );
    this.listening = true;
  }

  async stop(): Promise<void> {
    this.listening = false;
    this.clear();
    await this.unlisten?.().catch(() => {});
    this.unlisten = null;
  }

  /** Taken before computing a page; `set` keeps the page only if no change was announced since. */
  generation(): number {
    return this.generationNo;
  }

  get(key: string): V | undefined {
    const hit = this.listening ? this.lru.get(key) : undefined;
    this.onLookup(hit !== undefined);
    return hit;
  }

  set(key: string, value: V, generation = this.generationNo): void {
    if (this.ttlMs <= 0 || !this.listening || generation !== this.generationNo) return;
    this.lru.set(key, value, { ttl: this.ttlMs });
  }

  /**
   * The cached page, or the one being computed for the same key, or a new computation that every concurrent
   * miss of the key then waits for (one recompute per key at a time, decision 0048). A computation is joined
   * only while no change was announced since it started: a request never gets a page computed before a commit
   * acknowledged before it arrived (this instance's writes clear before they answer; others' notices clear).
   */
  async getOrCompute(key: string, compute: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const generation = this.generationNo;
    const shared = this.ttlMs > 0 && this.listening;
    const running = shared ? this.inflight.get(key) : undefined;
    if (running && running.generation === generation) return running.page;
    const page = compute().then((value) => {
      this.set(key, value, generation);
      return value;
    });
    if (!shared) return page;
    const entry = { generation, page };
    this.inflight.set(key, entry);
    const done = () => {
      if (this.inflight.get(key) === entry) this.inflight.delete(key);
    };
    page.then(done, done);
    return page;
  }

  /**
   * A value every first page needs (the brand list), kept as long as the pages are and computed once for
   * concurrent callers; the same rules as the pages: only while listening, dropped on every change.
   */
  keep<T>(name: string, compute: () => Promise<T>): Promise<T> {
    const generation = this.generationNo;
    const found = this.kept.get(name);
    if (found && found.generation === generation && found.until > this.now())
      return found.value as Promise<T>;
    const value = compute();
    if (this.ttlMs > 0 && this.listening) {
      const entry = { generation, until: this.now() + this.ttlMs, value };
      this.kept.set(name, entry);
      value.catch(() => {
        if (this.kept.get(name) === entry) this.kept.delete(name);
      });
    }
    return value;
  }

  clear(): void {
    this.generationNo += 1;
    this.kept.clear();
    this.lru.clear();
  }
}

const caches = new WeakMap<AppContext, PageCache<JsonBody>>();

/** The first inventory pages of one app (PAGE_CACHE_MS; off in tests, which turn it on where they test it). */
export function firstPageCache(ctx: AppContext): PageCache<JsonBody> {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new PageCache<JsonBody>(ctx.config.pageCacheMs, undefined, undefined, (hit) =>
      ctx.metrics.cacheLookup('inventory', hit),
    );
    caches.set(ctx, cache);
  }
  return cache;
}

/** Called once by the listings routes: the app's cache hears the database's change notices from now on. */
export async function startInventoryCache(ctx: AppContext): Promise<() => Promise<void>> {
  const cache = firstPageCache(ctx);
  await cache.listen(ctx.database);
  return () => cache.stop();
}

/** Drops this instance's cached pages at once (the notice from the database follows within milliseconds). */
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
