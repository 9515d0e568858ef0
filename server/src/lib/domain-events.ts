import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client.js';
import { domainEvents } from '../db/schema.js';
import type { Actor, AppContext, RequestInfo } from './context.js';

/**
 * Facts one module states about its own data, for other modules to act on after commit (decision 0027).
 * The module that owns the data publishes; watchlist, saved searches and notifications subscribe.
 */
export interface DomainEventPayloads {
  /** A tractor went live (activated, approved, or inspected while waiting for its report). */
  'listing.published': { listingId: string };
  /**
   * A farmer's tractor's first look ended: everyone may see it from now on (emitted when the window starts, due
   * when it ends; docs/product/want-lists.md#first-look).
   */
  'listing.first-look-ended': { listingId: string };
  /** A live tractor's asking price went down. */
  'listing.repriced': { listingId: string; oldPriceCents: number; newPriceCents: number };
  /** A tractor was sold through an accepted offer (`buyerUserId` already knows). */
  'listing.sold': { listingId: string; buyerUserId: string };
  /** A live tractor's condition report was revised. */
  'listing.report_revised': { listingId: string; grade: string };
  /** A farmer's sale inquiry arrived: the tractor and the place only, never the farmer's contact details. */
  'inquiry.received': {
    inquiryId: string;
    make: string | null;
    model: string | null;
    year: number | null;
    hours: number | null;
    location: string | null;
  };
  /** A farmer accepted FieldLot's offer and the tractor became a draft listing at that amount. */
  'inquiry.listing-drafted': { inquiryId: string; listingId: string; acceptedCents: number };
  /** A purchase was completed by the admin: the sale stands and the market records it (docs/product/market.md). */
  'purchase.completed': { purchaseId: string };
}

export type DomainEventType = keyof DomainEventPayloads;

/**
 * Steps another module takes inside the transaction of the change, when both must happen or neither: the module
 * that owns the step registers it at buildApp, so the publisher needs no import of it (no module cycle).
 */
export interface InTransactionPayloads {
  /**
   * An offer was accepted: the purchases module performs the sale (docs/product/purchases.md#purchase).
   * `viaCounter`: the buyer accepted FieldLot's counter-offer (their e-mail says so).
   */
  'offer.accepted': { offerId: string; viaCounter: boolean; actor: Actor; request: RequestInfo; now: Date };
}
export type InTransactionType = keyof InTransactionPayloads;
export type InTransactionHandler<K extends InTransactionType> = (
  ctx: AppContext,
  tx: Tx,
  payload: InTransactionPayloads[K],
) => Promise<unknown>;
export type DomainEvent = {
  [K in DomainEventType]: { type: K; payload: DomainEventPayloads[K] };
}[DomainEventType];
export type Subscriber<K extends DomainEventType> = (
  ctx: AppContext,
  tx: Tx,
  payload: DomainEventPayloads[K],
) => Promise<unknown>;

/** Bumped by every emit in this process: a request that emitted delivers its events before it answers. */
let emittedHere = 0;

/**
 * Publishes an event in the transaction of the change it states: it exists exactly when the change does, and
 * subscribers see it after commit (at least once: they must be idempotent).
 */
export async function emit<K extends DomainEventType>(
  tx: Executor,
  type: K,
  payload: DomainEventPayloads[K],
  /** A fact stated ahead of its time (a window's end): delivered once the app clock reaches `at`, not before. */
  options: { at?: Date } = {},
): Promise<void> {
  await tx
    .insert(domainEvents)
    .values({ type, payload, ...(options.at ? { nextAttemptAt: options.at } : {}) });
  emittedHere += 1;
}

/** Retries: 10 s doubling, at most 1 h apart; given up (status failed, kept for an operator) after 10 attempts. */
export const EVENT_RETRY = { firstDelayMs: 10_000, maxDelayMs: 60 * 60_000, maxAttempts: 10 };

/**
 * The subscribers of one app, registered at buildApp (never at import time), and their delivery: each due event in
 * one transaction with every subscriber's effects, so an event is marked delivered exactly when they are written.
 */
export class DomainEventBus {
  private readonly subscribers = new Map<
    DomainEventType,
    Array<{ name: string; handle: Subscriber<never> }>
  >();
  private readonly inTransaction = new Map<InTransactionType, InTransactionHandler<never>>();
  private seen = 0;

  /** The one step of `type` run in the publisher's transaction (a second registration is a wiring mistake). */
  handleInTransaction<K extends InTransactionType>(type: K, handle: InTransactionHandler<K>): void {
    if (this.inTransaction.has(type)) throw new Error(`${type} already has its in-transaction step`);
    this.inTransaction.set(type, handle as InTransactionHandler<never>);
  }

  /** Runs the registered step in `tx`: its failure rolls the publisher's change back. */
  async publishInTransaction<K extends InTransactionType>(
    ctx: AppContext,
    tx: Tx,
    type: K,
    payload: InTransactionPayloads[K],
  ): Promise<void> {
    const handle = this.inTransaction.get(type);
    if (!handle) throw new Error(`${type} has no in-transaction step registered`);
    await handle(ctx, tx, payload as never);
  }

  subscribe<K extends DomainEventType>(type: K, name: string, handle: Subscriber<K>): void {
    const list = this.subscribers.get(type) ?? [];
    list.push({ name, handle: handle as Subscriber<never> });
    this.subscribers.set(type, list);
  }

  /** True when this process emitted since the last delivery pass (cheap check before a request answers). */
  emittedSinceLastPass(): boolean {
    return this.seen !== emittedHere;
  }

  /**
   * Delivers every committed, due event (the request that emitted, the worker's pass, tests' `drain`).
   * Several instances may deliver at once: a row is locked while delivered, others skip it. Returns the count.
   */
  async deliverDue(ctx: AppContext, limit = 500): Promise<number> {
    this.seen = emittedHere;
    let delivered = 0;
    while (delivered < limit) {
      const outcome = await this.deliverOne(ctx);
      if (outcome === 'none') break;
      if (outcome === 'delivered') delivered += 1;
    }
    return delivered;
  }

  private async deliverOne(ctx: AppContext): Promise<'none' | 'delivered' | 'failed'> {
    let claimed: { id: number; type: string; attempts: number } | undefined;
    try {
      const found = await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(domainEvents)
          // Due by the database's clock, or by the app's (which tests and journeys move) for an event emitted `at`.
          .where(
            and(
              eq(domainEvents.status, 'pending'),
              lte(domainEvents.nextAttemptAt, sql`greatest(now(), ${ctx.clock.now()}::timestamptz)`),
            ),
          )
          .orderBy(asc(domainEvents.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!row) return false;
        claimed = row;
        for (const { handle } of this.subscribers.get(row.type as DomainEventType) ?? [])
          await handle(ctx, tx, row.payload as never);
        await tx
          .update(domainEvents)
          .set({ status: 'delivered', attempts: row.attempts + 1, deliveredAt: sql`now()` })
          .where(eq(domainEvents.id, row.id));
        return true;
      });
      return found ? 'delivered' : 'none';
    } catch (err) {
      if (!claimed) throw err;
      const attempts = claimed.attempts + 1;
      const delayMs = Math.min(EVENT_RETRY.firstDelayMs * 2 ** (attempts - 1), EVENT_RETRY.maxDelayMs);
      ctx.log.error({ err, eventId: claimed.id, type: claimed.type, attempts }, 'domain event not delivered');
      await ctx.db
        .update(domainEvents)
        .set({
          attempts,
          status: attempts >= EVENT_RETRY.maxAttempts ? 'failed' : 'pending',
          nextAttemptAt: sql`now() + ${`${delayMs} milliseconds`}::interval`,
          lastError: err instanceof Error ? err.message : String(err),
        })
        .where(eq(domainEvents.id, claimed.id));
      return 'failed';
    }
  }
}

/**
 * The worker that delivers what the emitting request did not (its instance stopped, a subscriber failed and waits
 * for its retry, events emitted outside a request). Returns the function that stops it.
 */
export function startDomainEventWorker(
  ctx: AppContext,
  options: { intervalMs?: number } = {},
): () => Promise<void> {
  const intervalMs = options.intervalMs ?? 2000;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const running = (async () => {
    while (!stopping) {
      try {
        await ctx.events.deliverDue(ctx);
      } catch (err) {
        // The database may be briefly away; the next pass tries again.
        ctx.log.error({ err }, 'domain event pass failed');
      }
      if (stopping) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, intervalMs);
      });
    }
  })();
  return async () => {
    stopping = true;
    clearTimeout(timer);
    wake?.();
    await running;
  };
}
