import { describe, expect, it } from 'vitest';
import {
  canTransitionOffer,
  isOpenOffer,
  maxOfferCents,
  OFFER_ACTIONS,
  OFFER_ROLES,
  OFFER_STATUS_TONE,
  OFFER_STATUSES,
  OFFER_TRANSITIONS,
  type OfferRole,
  type OfferStatus,
  OPEN_OFFER_STATUSES,
  offerActionSources,
  offerActionsFor,
  offerAmountSchema,
  offerCapCents,
  offerSourcesFor,
} from './offers';

describe('offer status machine (offers.md#status-machine)', () => {
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
        for (const by of ['admin', 'buyer'] as OfferRole[])
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

describe('offerActionsFor: who may do what to an offer (one table)', () => {
  it('gives the admin accept, reject and counter on a pending offer and nothing else', () => {
    for (const status of OFFER_STATUSES)
      expect(offerActionsFor(status, 'admin'), status).toEqual(
        status === 'pending' ? ['accept', 'reject', 'counter'] : [],
      );
  });

  it('gives the buyer withdraw and replace on open offers, accept_counter only on a counter', () => {
    expect(offerActionsFor('pending', 'buyer')).toEqual(['withdraw', 'replace']);
    expect(offerActionsFor('countered', 'buyer')).toEqual(['accept_counter', 'withdraw', 'replace']);
    for (const status of ['accepted', 'rejected', 'withdrawn', 'replaced'] as OfferStatus[])
      expect(offerActionsFor(status, 'buyer'), status).toEqual([]);
  });

  it('agrees with the transition table for every status, role and action', () => {
    for (const status of OFFER_STATUSES)
      for (const role of OFFER_ROLES)
        for (const action of OFFER_ACTIONS) {
          const t = OFFER_TRANSITIONS[action];
          expect(offerActionsFor(status, role).includes(action)).toBe(
            t.by === role && t.from.includes(status),
          );
        }
  });

  it('names the source statuses of each conditional update', () => {
    expect(offerActionSources('accept')).toEqual(['pending']);
    expect(offerActionSources('accept_counter')).toEqual(['countered']);
    expect(offerActionSources('withdraw')).toEqual([...OPEN_OFFER_STATUSES]);
    expect(offerActionSources('replace')).toEqual([...OPEN_OFFER_STATUSES]);
  });

  it('calls pending and countered open, nothing else', () => {
    expect(OFFER_STATUSES.filter(isOpenOffer)).toEqual(['pending', 'countered']);
  });
});

describe('offerAmountSchema: the one offer and counter amount rule', () => {
  const problem = (value: unknown, asking?: number) => {
    const r = offerAmountSchema('Offer amount', asking).safeParse(value);
    return r.success ? r.data : r.error.issues[0]?.message;
  };

  it('parses whole dollars to cents', () => {
    expect(problem('48,500', 50_000_00)).toBe(48_500_00);
    expect(problem('$48500')).toBe(48_500_00);
    expect(problem(250)).toBe(250_00);
  });

  it('names what is wrong, with the label', () => {
    expect(problem('')).toBe('Offer amount is required');
    expect(problem(null)).toBe('Offer amount is required');
    expect(problem('48,50')).toBe('Enter a whole dollar amount, like 48,500');
    expect(problem('0')).toBe('Offer amount must be at least $1');
    expect(problem('500,001', 50_000_00)).toBe('Offer amount cannot be more than $500,000');
    expect(problem('10,000,001')).toBe('Offer amount cannot be more than $10,000,000');
    expect(problem('10,000,000')).toBe(10_000_000_00);
  });

  it('caps at 10 times the asking price, or $10,000,000 without one', () => {
    expect(offerCapCents(50_000_00)).toBe(500_000_00);
    expect(offerCapCents(0)).toBe(10_000_000_00);
    expect(offerCapCents(null)).toBe(10_000_000_00);
  });
});
