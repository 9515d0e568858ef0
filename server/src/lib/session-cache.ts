import type { Database } from '../db/client.js';
import { type AppEvent, listenForEvents } from './events.js';

/** The event the database sends (by trigger, migration 0013) when a session ends or its user changes. */
export const SESSION_CHANGED_EVENT = 'session.changed';

export interface CachedSession<V> {
  value: V;
  userId: string;
  /** When this process read it from the database (performance.now() milliseconds). */
  readAt: number;
}

/** Every live cache of this process: a revocation made here drops its entries in all of them at once. */
const live = new Set<SessionCache<unknown>>();

/**
 * Sessions read from the database are kept in process for a few seconds (decision 0020), so a signed-in request
 * costs no session query. Coherence: the database announces every ended session and every changed user on the
 * events channel (triggers), and each instance drops that user's entries on hearing it; a revocation made by this
 * process also drops them synchronously; a lost listener empties the cache and keeps it off until it resumes.
 */
export class SessionCache<V> {
  private readonly entries = new Map<string, CachedSession<V>>();
  private listening = false;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    readonly ttlMs: number,
    private readonly max = 10_000,
    private readonly now: () => number = () => performance.now(),
    /** Hears every lookup, a hit or not (the operator's metrics, decision 0037). */
    private readonly onLookup: (hit: boolean) => void = () => {},
  ) {}

  /** LISTENs on the events channel; until it does, nothing is cached. */
  async start(database: Database): Promise<void> {
    if (this.ttlMs <= 0) return;
    live.add(this as SessionCache<unknown>);
    this.unlisten = await listenForEvents(
      database,
      SESSION_CHANGED_EVENT,
      (event) => this.receive(event),
      () => this.resume(),
      () => this.pause(),
    );
    this.listening = true;
  }

  /** The listener dropped: notices may be missed, so nothing cached is trusted until it is back. */
  pause(): void {
    this.listening = false;
    this.entries.clear();
  }

  /** The listener is back: what was cached before may have missed notices, so start empty. */
  resume(): void {
    this.entries.clear();
    this.listening = live.has(this as SessionCache<unknown>);
  }

  async stop(): Promise<void> {
    this.listening = false;
    live.delete(this as SessionCache<unknown>);
    this.entries.clear();
    await this.unlisten?.().catch(() => {});
    this.unlisten = null;
  }

  get(sessionId: string): V | undefined {
    const hit = this.entries.get(sessionId);
    if (hit && this.now() - hit.readAt >= this.ttlMs) this.entries.delete(sessionId);
    else if (hit) {
      this.onLookup(true);
      return hit.value;
    }
    this.onLookup(false);
    return undefined;
  }

  set(sessionId: string, userId: string, value: V): void {
    if (!this.listening) return;
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(sessionId, { value, userId, readAt: this.now() });
  }

  dropSession(sessionId: string): void {
    this.entries.delete(sessionId);
  }

  dropUser(userId: string): void {
    for (const [id, entry] of this.entries) if (entry.userId === userId) this.entries.delete(id);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private receive(event: AppEvent) {
    const userId = event.data.userId;
    if (typeof userId === 'string') this.dropUser(userId);
    else this.clear();
  }
}

/** A revocation made in this process: every cache of the process forgets the session or user at once. */
export function dropCachedSessions(target: { sessionId?: string; userId?: string }): void {
  for (const cache of live) {
    if (target.sessionId) cache.dropSession(target.sessionId);
    if (target.userId) cache.dropUser(target.userId);
  }
}

/** After a write request of this process: its changes to users or sessions show on the next request at once. */
export function clearCachedSessions(): void {
  for (const cache of live) cache.clear();
}
