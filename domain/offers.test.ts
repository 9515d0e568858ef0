import { describe, expect, it } from 'vitest';
import {
  canTransitionOffer,
  maxOfferCents,
  OFFER_STATUS_TONE,
  OFFER_STATUSES,
  type OfferActor,
  type OfferStatus,
  offerSourcesFor,
} from './offers';

describe('offer status machine (DECISIONS.md "Offers")', () => {
  const allowed = new Set([
    'pending>accepted:admin',
    'pending>rejected:admin',
    'pending>countered:admin',
    'countered>accepted:buyer',
    'pending>withdrawn:buyer',
    'countered>withdrawn:buyer',
    'pending>replaced:buyer',
    'countered>replaced:buyer',
  ]);

  it('allows exactly the listed moves and refuses every other one, for both actors', () => {
    for (const from of OFFER_STATUSES)
      for (const to of OFFER_STATUSES)
        for (const by of ['admin', 'buyer'] as OfferActor[])
          expect(canTransitionOffer(from, to, by), `${from}>${to}:${by}`).toBe(
            allowed.has(`${from}>${to}:${by}`),
          );
  });

  it('never leaves accepted, rejected, withdrawn or replaced', () => {
    for (const from of ['accepted', 'rejected', 'withdrawn', 'replaced'] as OfferStatus[])
      for (const to of OFFER_STATUSES) {
        expect(canTransitionOffer(from, to, 'admin')).toBe(false);
        expect(canTransitionOffer(from, to, 'buyer')).toBe(false);
      }
  });

  it('names the source statuses of conditional updates', () => {
    expect(offerSourcesFor('accepted', 'admin')).toEqual(['pending']);
    expect(offerSourcesFor('accepted', 'buyer')).toEqual(['countered']);
    expect(offerSourcesFor('withdrawn', 'buyer').sort()).toEqual(['countered', 'pending']);
    expect(offerSourcesFor('countered', 'buyer')).toEqual([]);
  });

  it('colours statuses yellow, blue, green, red, grey', () => {
    expect(OFFER_STATUS_TONE).toEqual({
      pending: 'yellow',
      countered: 'blue',
      accepted: 'green',
      rejected: 'red',
      withdrawn: 'grey',
      replaced: 'grey',
    });
  });

  it('caps offers at 10 times the asking price or $10,000,000', () => {
    expect(maxOfferCents(50_000_00)).toBe(500_000_00);
    expect(maxOfferCents(2_000_000_00)).toBe(10_000_000_00);
  });
});
