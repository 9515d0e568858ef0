import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents } from '../db/schema.js';
import { createTestApp, deliverEvents, type TestApp } from '../test/test-app.js';
import { DomainEventBus, EVENT_RETRY, emit } from './domain-events.js';

const LISTING = '00000000-0000-4000-8000-000000000001';

describe('domain events (decision 0027)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const rowsOf = async (listingId: string) =>
    (await t.app.ctx.db.select().from(domainEvents)).filter(
      (r) => (r.payload as { listingId: string }).listingId === listingId,
    );

  it('reach a subscriber after commit, once, in a transaction of its own', async () => {
    const bus = new DomainEventBus();
    const heard: string[] = [];
    bus.subscribe('listing.published', 'test.heard', async (_ctx, _tx, e) => {
      heard.push(e.listingId);
    });
    const ctx = { ...t.app.ctx, events: bus };
    await ctx.db.transaction(async (tx) => {
      await emit(tx, 'listing.published', { listingId: LISTING });
    });
    // Nothing reaches the subscriber on emit: only a delivery pass after commit does.
    expect(heard).toEqual([]);
    expect(bus.emittedSinceLastPass()).toBe(true);
    expect(await bus.deliverDue(ctx)).toBe(1);
    expect(heard).toEqual([LISTING]);
    expect(await bus.deliverDue(ctx)).toBe(0);
    expect(heard).toEqual([LISTING]);
    expect((await rowsOf(LISTING)).map((r) => r.status)).toEqual(['delivered']);
  });

  it('stated ahead of their time reach a subscriber only once the app clock reaches it', async () => {
    const listingId = '00000000-0000-4000-8000-000000000009';
    const bus = new DomainEventBus();
    const heard: string[] = [];
    bus.subscribe('listing.first-look-ended', 'test.heard', async (_ctx, _tx, e) => {
      heard.push(e.listingId);
    });
    const ctx = { ...t.app.ctx, events: bus };
    await emit(ctx.db, 'listing.first-look-ended', { listingId }, { at: new Date(Date.now() + 3600_000) });
    expect(await bus.deliverDue(ctx)).toBe(0);
    t.clock.advance(3600_000 + 1000);
    try {
      expect(await bus.deliverDue(ctx)).toBe(1);
      expect(heard).toEqual([listingId]);
    } finally {
      t.clock.advance(-(3600_000 + 1000)); // the other tests' back-off runs on the real time
    }
  });

  it('are dropped with a transaction that rolls back', async () => {
    const listingId = '00000000-0000-4000-8000-000000000002';
    await t.app.ctx.db
      .transaction(async (tx) => {
        await emit(tx, 'listing.published', { listingId });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await rowsOf(listingId)).toEqual([]);
  });

  it('come back after a failing subscriber, with its effects undone, until it succeeds', async () => {
    const listingId = '00000000-0000-4000-8000-000000000003';
    const bus = new DomainEventBus();
    let calls = 0;
    bus.subscribe('listing.sold', 'test.flaky', async (_ctx, tx) => {
      calls += 1;
      // An effect written before the failure must not survive it.
      await emit(tx, 'listing.published', { listingId: `${listingId.slice(0, -1)}4` });
      if (calls === 1) throw new Error('subscriber down');
    });
    const ctx = { ...t.app.ctx, events: bus };
    await emit(ctx.db, 'listing.sold', { listingId, buyerUserId: LISTING });
    expect(await bus.deliverDue(ctx)).toBe(0);
    const [failed] = await rowsOf(listingId);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lastError: 'subscriber down' });
    expect(await rowsOf('00000000-0000-4000-8000-000000000004')).toEqual([]);
    // Its retry is due later; bring it forward instead of waiting.
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(failed.createdAt.getTime());
    await ctx.db
      .update(domainEvents)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(domainEvents.id, failed.id));
    expect(await bus.deliverDue(ctx)).toBeGreaterThanOrEqual(1);
    expect(calls).toBe(2);
    expect((await rowsOf(listingId))[0]).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('are given up after the last attempt and kept for an operator', async () => {
    const listingId = '00000000-0000-4000-8000-000000000005';
    const bus = new DomainEventBus();
    bus.subscribe('listing.published', 'test.broken', async () => {
      throw new Error('always down');
    });
    const ctx = { ...t.app.ctx, events: bus };
    await emit(ctx.db, 'listing.published', { listingId });
    const [row] = await rowsOf(listingId);
    await ctx.db
      .update(domainEvents)
      .set({ attempts: EVENT_RETRY.maxAttempts - 1 })
      .where(eq(domainEvents.id, row.id));
    await bus.deliverDue(ctx);
    expect((await rowsOf(listingId))[0]).toMatchObject({
      status: 'failed',
      attempts: EVENT_RETRY.maxAttempts,
    });
  });

  it('left behind by work outside a request are delivered by the app bus', async () => {
    const listingId = '00000000-0000-4000-8000-000000000006';
    await emit(t.app.ctx.db, 'listing.published', { listingId });
    await deliverEvents(t.app);
    expect((await rowsOf(listingId))[0].status).toBe('delivered');
  });
});
