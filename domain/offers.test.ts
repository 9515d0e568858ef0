import { describe, expect, it } from 'vitest';
import {
  canTransitionOffer,
  formatOfferTimeLeft,
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
  offerExpiresAt,
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
    'pending>expired:system',
    'countered>expired:system',
    'accepted>returned:system',
  ]);

  it('allows exactly the listed moves and refuses every other one, for every actor', () => {
    for (const from of OFFER_STATUSES)
      for (const to of OFFER_STATUSES)
        for (const by of ['admin', 'buyer', 'system'] as OfferRole[])
          expect(canTransitionOffer(from, to, by), `${from}>${to}:${by}`).toBe(
            allowed.has(`${from}>${to}:${by}`),
          );
  });

  it('never leaves rejected, withdrawn, replaced, expired or returned; accepted only to returned', () => {
    for (const from of ['rejected', 'withdrawn', 'replaced', 'expired', 'returned'] as OfferStatus[])
      for (const to of OFFER_STATUSES)
        for (const by of OFFER_ROLES) expect(canTransitionOffer(from, to, by)).toBe(false);
    for (const to of OFFER_STATUSES)
      for (const by of OFFER_ROLES)
        expect(canTransitionOffer('accepted', to, by), `${to}:${by}`).toBe(
          to === 'returned' && by === 'system',
        );
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
      expired: 'grey',
      returned: 'grey',
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
    for (const status of ['accepted', 'rejected', 'withdrawn', 'replaced', 'expired'] as OfferStatus[])
      expect(offerActionsFor(status, 'buyer'), status).toEqual([]);
  });

  it('gives the seller of a dealer listing the admin steps on pending offers, and nothing of the buyer', () => {
    expect(offerActionsFor('pending', 'seller')).toEqual(['accept', 'reject', 'counter']);
    expect(offerActionsFor('countered', 'seller')).toEqual([]);
    expect(offerActionsFor('pending', 'admin')).toEqual(offerActionsFor('pending', 'seller'));
  });

  it('lets only the system expire open offers, and return an accepted one (the sale undone)', () => {
    expect(offerActionsFor('pending', 'system')).toEqual(['expire']);
    expect(offerActionsFor('countered', 'system')).toEqual(['expire']);
    expect(offerActionsFor('expired', 'system')).toEqual([]);
    expect(offerActionsFor('accepted', 'system')).toEqual(['return']);
    expect(offerActionsFor('returned', 'system')).toEqual([]);
    expect(offerActionSources('expire')).toEqual([...OPEN_OFFER_STATUSES]);
    expect(offerActionSources('return')).toEqual(['accepted']);
  });

  it('agrees with the transition table for every status, role and action', () => {
    for (const status of OFFER_STATUSES)
      for (const role of OFFER_ROLES)
        for (const action of OFFER_ACTIONS) {
          const t = OFFER_TRANSITIONS[action];
          expect(offerActionsFor(status, role).includes(action)).toBe(
            t.by.includes(role) && t.from.includes(status),
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

describe('offer expiry (dealer-tools.md#offers-that-expire)', () => {
  const made = new Date('2026-05-01T10:00:00Z');

  it('expires OFFER_TTL_HOURS after the offer or counter', () => {
    expect(offerExpiresAt(made, 48).toISOString()).toBe('2026-05-03T10:00:00.000Z');
    expect(offerExpiresAt(made, 1).toISOString()).toBe('2026-05-01T11:00:00.000Z');
  });

  it('shows the time left as "expires in 5 h", minutes in the last hour, then expired', () => {
    const at = offerExpiresAt(made, 48);
    expect(formatOfferTimeLeft(at, made)).toBe('expires in 48 h');
    expect(formatOfferTimeLeft(at.toISOString(), at.getTime() - 5 * 3600_000)).toBe('expires in 5 h');
    expect(formatOfferTimeLeft(at, at.getTime() - 5 * 3600_000 - 20 * 60_000)).toBe('expires in 5 h');
    expect(formatOfferTimeLeft(at, at.getTime() - 35 * 60_000)).toBe('expires in 35 min');
    expect(formatOfferTimeLeft(at, at.getTime() - 10_000)).toBe('expires in 1 min');
    expect(formatOfferTimeLeft(at, at)).toBe('expired');
    expect(formatOfferTimeLeft(at, at.getTime() + 1)).toBe('expired');
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
