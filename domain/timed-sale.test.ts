import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BidCommand,
  bidderAlias,
  bidRefusalText,
  incrementCents,
  type LotState,
  lotCloseTimes,
  nextBidCents,
  placeBid,
  reserveMet,
} from './timed-sale';
import { ReferenceLot } from './timed-sale.reference';

const MIN = 60_000;
const T0 = Date.UTC(2026, 11, 8, 16, 0, 0);

function freshLot(over: Partial<LotState> = {}): LotState {
  return {
    opensAt: T0,
    closesAt: T0 + 60 * MIN,
    reserveCents: null,
    priceCents: null,
    leaderId: null,
    leaderMaxCents: null,
    bidCount: 0,
    bidders: [],
    ...over,
  };
}

const bidders = ['a', 'b', 'c', 'd', 'e'];

/** A command near the lot's next bid most of the time, anything sometimes. */
const commandArb = fc.record({
  bidder: fc.constantFrom(...bidders),
  kind: fc.constantFrom<'bid' | 'max'>('bid', 'max', 'max'),
  steps: fc.integer({ min: -2, max: 40 }),
  wild: fc.option(fc.integer({ min: 1, max: 3_000 }), { freq: 5 }),
  gap: fc.integer({ min: 0, max: 4 * MIN }),
  own: fc.integer({ min: 0, max: 19 }).map((n) => n === 0),
  limit: fc.option(fc.integer({ min: 1, max: 2_000 }), { freq: 8 }),
});

type Cmd = typeof commandArb extends fc.Arbitrary<infer T> ? T : never;

function runBoth(
  reserve: number | null,
  cmds: Cmd[],
): { engine: LotState; model: ReferenceLot; accepted: boolean[] } {
  let state = freshLot({ reserveCents: reserve, closesAt: T0 + 20 * MIN });
  const model = new ReferenceLot(T0, T0 + 20 * MIN, reserve);
  let at = T0;
  const accepted: boolean[] = [];
  for (const c of cmds) {
    at += c.gap;
    const next = nextBidCents(state);
    const amount = c.wild !== null ? c.wild * 100_00 : Math.max(100, next + c.steps * incrementCents(next));
    const cmd: BidCommand = {
      bidderId: c.bidder,
      kind: c.kind,
      amountCents: amount,
      at,
      ownLot: c.own,
      limitCents: c.limit === null ? null : c.limit * 100_00,
    };
    const out = placeBid(state, cmd);
    const ok = model.apply(cmd);
    expect(out.ok).toBe(ok);
    if (out.ok) state = out.state;
    accepted.push(ok);
    expect(state.leaderId).toBe(model.leader);
    expect(state.priceCents).toBe(model.price);
    expect(state.closesAt).toBe(model.closesAt);
  }
  return { engine: state, model, accepted };
}

describe('timed sale engine', () => {
  it('uses one increment table', () => {
    expect(incrementCents(0)).toBe(100_00);
    expect(incrementCents(9_999_00)).toBe(100_00);
    expect(incrementCents(10_000_00)).toBe(250_00);
    expect(incrementCents(25_000_00)).toBe(500_00);
    expect(incrementCents(100_000_00)).toBe(1_000_00);
  });

  it('closes lots one by one at the interval', () => {
    expect(lotCloseTimes(T0, 60, 3)).toEqual([T0, T0 + MIN, T0 + 2 * MIN]);
  });

  it('bids a maximum only as far as needed; a tie goes to the earlier maximum', () => {
    let s = freshLot();
    const bid = (bidderId: string, kind: 'bid' | 'max', amountCents: number, at = T0 + MIN) => {
      const out = placeBid(s, { bidderId, kind, amountCents, at });
      if (!out.ok) throw new Error(bidRefusalText(out.refusal));
      s = out.state;
      return out;
    };
    bid('a', 'max', 20_000_00);
    expect([s.leaderId, s.priceCents]).toEqual(['a', 100_00]);
    bid('b', 'bid', 200_00);
    expect([s.leaderId, s.priceCents]).toEqual(['a', 300_00]);
    bid('c', 'max', 20_000_00);
    expect([s.leaderId, s.priceCents]).toEqual(['a', 20_000_00]);
    const out = bid('c', 'max', 30_000_00);
    expect(out.outbidId).toBe('a');
    expect([s.leaderId, s.priceCents]).toEqual(['c', 20_250_00]);
    expect(bidderAlias(s.bidders, 'c')).toBe('Bidder 3');
    expect(bidderAlias(s.bidders, 'c', 'c')).toBe('You');
  });

  it('refuses with the issue words', () => {
    const s = freshLot({ closesAt: Date.UTC(2026, 11, 8, 10, 14, 0), opensAt: 0 });
    const late = placeBid(s, { bidderId: 'a', kind: 'bid', amountCents: 100_00, at: s.closesAt + 1 });
    expect(!late.ok && bidRefusalText(late.refusal)).toBe('This lot closed at 10:14:00');
    expect(!late.ok && bidRefusalText(late.refusal, 'America/Chicago')).toBe('This lot closed at 04:14:00');
    const own = placeBid(s, { bidderId: 'a', kind: 'bid', amountCents: 100_00, at: 1, ownLot: true });
    expect(!own.ok && own.refusal.code).toBe('own_lot');
    const low = placeBid(s, { bidderId: 'a', kind: 'bid', amountCents: 50_00, at: 1 });
    expect(!low.ok && bidRefusalText(low.refusal)).toBe('The next bid is at least $100');
    const limit = placeBid(s, { bidderId: 'a', kind: 'max', amountCents: 900_00, at: 1, limitCents: 500_00 });
    expect(!limit.ok && limit.refusal.code).toBe('over_limit');
    const first = placeBid(s, { bidderId: 'a', kind: 'max', amountCents: 900_00, at: 1 });
    if (!first.ok) throw new Error('refused');
    const lower = placeBid(first.state, { bidderId: 'a', kind: 'max', amountCents: 800_00, at: 2 });
    expect(!lower.ok && bidRefusalText(lower.refusal)).toBe(
      'Your maximum bid is $900; a maximum can be raised, never lowered',
    );
    const self = placeBid(first.state, { bidderId: 'a', kind: 'bid', amountCents: 200_00, at: 2 });
    expect(!self.ok && self.refusal.code).toBe('already_leading');
  });

  it('extends a lot to 3 minutes after a late bid', () => {
    const s = freshLot();
    const out = placeBid(s, { bidderId: 'a', kind: 'bid', amountCents: 100_00, at: s.closesAt - MIN });
    expect(out.ok && out.extended).toBe(true);
    expect(out.ok && out.state.closesAt).toBe(s.closesAt + 2 * MIN);
  });

  it('meets the reserve when the maximum covers it', () => {
    let s = freshLot({ reserveCents: 15_000_00 });
    const a = placeBid(s, { bidderId: 'a', kind: 'max', amountCents: 12_000_00, at: T0 });
    if (!a.ok) throw new Error('refused');
    s = a.state;
    expect([s.priceCents, reserveMet(s)]).toEqual([100_00, false]);
    const b = placeBid(s, { bidderId: 'a', kind: 'max', amountCents: 16_000_00, at: T0 });
    if (!b.ok) throw new Error('refused');
    expect([b.state.priceCents, reserveMet(b.state)]).toEqual([15_000_00, true]);
  });

  it('agrees with the reference model on leader, price and close (model-based)', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 1, max: 500 }).map((d) => d * 100_00)),
        fc.array(commandArb, { minLength: 1, maxLength: 40 }),
        (reserve, cmds) => {
          runBoth(reserve, cmds);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
