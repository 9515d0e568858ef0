import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countsTowardFloorRules, FLOOR_PROBE_WINDOW_MS, offerPaceProblem } from './offer-floor';
import { DEFAULT_OFFER_TTL_HOURS, isOpenOffer, type OfferStatus } from './offers';

/**
 * A small reference model of the floor rules (docs/product/dealer-selling.md#floor-price, decisions 0039 and
 * 0070) played by a prober from one dealership against one listing for 7 days. The seller answers every offer at
 * or above the floor at once, by rejecting or countering it; an offer below the floor stays open, unseen, until
 * it expires. So every offer the rules let through tells the prober on which side of the floor it lies, and the
 * prober keeps the floor's interval (lo, hi]. Offers go through the same `offerPaceProblem` and
 * `countsTowardFloorRules` the server uses (the repository is their SQL twin).
 */
type Act = { kind: 'offer'; at: number } | { kind: 'withdraw' } | { kind: 'wait'; hours: number };

interface ModelOffer {
  amountCents: number;
  status: OfferStatus;
  countered: boolean;
  updatedAt: number;
  endedAt: Date | null;
  expiresAt: number;
}

type Counts = (o: ModelOffer, now: Date) => boolean;

const HOUR = 3600_000;
const WEEK = 7 * 24 * HOUR;
const START = Date.UTC(2026, 0, 5, 8);

function probe(
  acts: readonly Act[],
  counters: readonly boolean[],
  floor: number,
  asking: number,
  counts: Counts,
) {
  let now = START;
  let lo = 0;
  let hi = asking;
  let made = 0;
  const offers: ModelOffer[] = [];
  const end = (o: ModelOffer, status: OfferStatus, at: number) => {
    o.status = status;
    o.updatedAt = at;
    o.endedAt = new Date(at);
  };
  const settle = () => {
    for (const o of offers) if (isOpenOffer(o.status) && o.expiresAt <= now) end(o, 'expired', o.expiresAt);
  };
  for (const act of acts) {
    settle();
    if (now >= START + WEEK) break;
    if (act.kind === 'wait') {
      now += act.hours * HOUR;
      continue;
    }
    const open = offers.filter((o) => isOpenOffer(o.status));
    if (act.kind === 'withdraw') {
      for (const o of open) end(o, 'withdrawn', now);
      continue;
    }
    const cents = Math.round((lo + act.at * (hi - lo)) / 100) * 100;
    const counted = offers
      .filter((o) => counts(o, new Date(now)))
      .sort((a, b) => b.updatedAt - a.updatedAt)
      .map((o) => ({ amountCents: o.amountCents }));
    if (cents <= 0 || offerPaceProblem(cents, asking, counted)) continue;
    for (const o of open) end(o, 'replaced', now);
    const offer: ModelOffer = {
      amountCents: cents,
      status: 'pending',
      countered: false,
      updatedAt: now,
      endedAt: null,
      expiresAt: now + DEFAULT_OFFER_TTL_HOURS * HOUR,
    };
    offers.push(offer);
    if (cents >= floor) {
      hi = Math.min(hi, cents);
      if (counters[made % counters.length]) {
        offer.status = 'countered';
        offer.countered = true;
      } else end(offer, 'rejected', now);
    } else lo = Math.max(lo, cents);
    made++;
  }
  return hi - lo;
}

/** The widest interval the prober is left with over floors spread across the asking price: what it can count on. */
function worstWidth(acts: readonly Act[], counters: readonly boolean[], asking: number, counts: Counts) {
  let worst = 0;
  for (let i = 0; i < 80; i++) {
    const floor = Math.round((asking * (i + 0.5)) / 80);
    worst = Math.max(worst, probe(acts, counters, floor, asking, counts));
  }
  return worst;
}

const act: fc.Arbitrary<Act> = fc.oneof(
  fc.record({
    kind: fc.constant('offer' as const),
    at: fc.oneof(fc.constantFrom(0.5, 0.25, 0.75, 0.05, 0.95), fc.double({ min: 0, max: 1, noNaN: true })),
  }),
  fc.constant({ kind: 'withdraw' as const }),
  fc.record({ kind: fc.constant('wait' as const), hours: fc.constantFrom(0, 1, 6, 24, 48, 49) }),
);

/** The hostile probe's recipe: offer at the middle, wait an hour, withdraw if still open or countered. */
const recipe: Act[] = Array.from({ length: 24 }, () => [
  { kind: 'offer' as const, at: 0.5 },
  { kind: 'wait' as const, hours: 1 },
  { kind: 'withdraw' as const },
]).flat();

function floorHolds(counts: Counts) {
  return fc.property(
    fc.array(act, { maxLength: 60 }),
    fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
    fc.integer({ min: 10_000, max: 500_000 }).map((d) => d * 100),
    (acts, counters, asking) => worstWidth(acts, counters, asking, counts) >= asking * 0.05,
  );
}

/** The rule before: only rejected offers and offers expired without a counter counted. */
const declinedOnly: Counts = (o, now) =>
  (o.status === 'rejected' || (o.status === 'expired' && !o.countered)) &&
  o.endedAt !== null &&
  o.endedAt.getTime() > now.getTime() - FLOOR_PROBE_WINDOW_MS;

describe('a floor cannot be probed (decision 0070)', () => {
  it('cannot be narrowed below 5% of the asking price in 7 days by any mix of offers, withdrawals and waits, the seller countering or rejecting at once', () => {
    fc.assert(floorHolds(countsTowardFloorRules), {
      numRuns: 300,
      examples: [
        [recipe, [true], 120_000_00],
        [recipe, [false, true], 120_000_00],
      ],
    });
  });

  it('the model catches the probe that worked when withdrawn offers did not count', () => {
    expect(worstWidth(recipe, [true], 120_000_00, declinedOnly)).toBeLessThan(120_000_00 * 0.05);
    expect(worstWidth(recipe, [true], 120_000_00, countsTowardFloorRules)).toBeGreaterThanOrEqual(
      120_000_00 * 0.05,
    );
  });
});
