import { z } from 'zod';
import { DOLLAR_AMOUNT_MESSAGE, formatDollars, parseDollarAmount } from './money';

export const OFFER_STATUSES = [
  'pending',
  'countered',
  'accepted',
  'rejected',
  'withdrawn',
  'replaced',
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const OFFER_TYPES = ['buy_now', 'offer'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];

/** Who acts on an offer. A seller role comes later: add it here and give it rows in OFFER_TRANSITIONS. */
export const OFFER_ROLES = ['admin', 'buyer'] as const;
export type OfferRole = (typeof OFFER_ROLES)[number];

/** An offer still waiting for an answer: the buyer may withdraw or replace it; a sale ends it. */
export const OPEN_OFFER_STATUSES = ['pending', 'countered'] as const satisfies readonly OfferStatus[];
export type OpenOfferStatus = (typeof OPEN_OFFER_STATUSES)[number];
export function isOpenOffer(status: OfferStatus): status is OpenOfferStatus {
  return (OPEN_OFFER_STATUSES as readonly OfferStatus[]).includes(status);
}

export const OFFER_ACTIONS = [
  'accept',
  'reject',
  'counter',
  'accept_counter',
  'withdraw',
  'replace',
] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];

/**
 * docs/product/offers.md#status-machine, the one table of who may do what to an offer: each action, the statuses it
 * starts from, where it leads and the role allowed to take it. pending -> accepted | rejected | countered
 * (admin); countered -> accepted (buyer accepts the counter); open -> withdrawn (buyer); open -> replaced
 * (buyer: a new offer on the same tractor ends the open one, issue 9; one open offer per dealer per listing).
 */
export const OFFER_TRANSITIONS: Readonly<
  Record<OfferAction, { from: readonly OfferStatus[]; to: OfferStatus; by: OfferRole }>
> = {
  accept: { from: ['pending'], to: 'accepted', by: 'admin' },
  reject: { from: ['pending'], to: 'rejected', by: 'admin' },
  counter: { from: ['pending'], to: 'countered', by: 'admin' },
  accept_counter: { from: ['countered'], to: 'accepted', by: 'buyer' },
  withdraw: { from: OPEN_OFFER_STATUSES, to: 'withdrawn', by: 'buyer' },
  replace: { from: OPEN_OFFER_STATUSES, to: 'replaced', by: 'buyer' },
};

/** What `role` may do to an offer in `status` (the buttons a screen shows; the service's check). */
export function offerActionsFor(status: OfferStatus, role: OfferRole): OfferAction[] {
  return OFFER_ACTIONS.filter((a) => {
    const t = OFFER_TRANSITIONS[a];
    return t.by === role && t.from.includes(status);
  });
}

/** The statuses an action starts from: the WHERE of the repository's conditional update. */
export function offerActionSources(action: OfferAction): OfferStatus[] {
  return [...OFFER_TRANSITIONS[action].from];
}

export function canTransitionOffer(from: OfferStatus, to: OfferStatus, by: OfferRole): boolean {
  return OFFER_ACTIONS.some((a) => offerSourcesOf(a, to, by).includes(from));
}

/** Statuses from which the given role may move the offer to `to`. */
export function offerSourcesFor(to: OfferStatus, by: OfferRole): OfferStatus[] {
  return [...new Set(OFFER_ACTIONS.flatMap((a) => offerSourcesOf(a, to, by)))];
}

function offerSourcesOf(action: OfferAction, to: OfferStatus, by: OfferRole): readonly OfferStatus[] {
  const t = OFFER_TRANSITIONS[action];
  return t.to === to && t.by === by ? t.from : [];
}

/** Badge colours (docs/product/offers.md#status-machine): yellow, blue, green, red, grey. */
export const OFFER_STATUS_TONE: Record<OfferStatus, 'yellow' | 'blue' | 'green' | 'red' | 'grey'> = {
  pending: 'yellow',
  countered: 'blue',
  accepted: 'green',
  rejected: 'red',
  withdrawn: 'grey',
  replaced: 'grey',
};

export const OFFER_MIN_CENTS = 100;
export const OFFER_ABSOLUTE_MAX_CENTS = 10_000_000_00;
/** Cap: 10 times the asking price or $10,000,000, whichever is lower. */
export function maxOfferCents(askingCents: number): number {
  return Math.min(askingCents * 10, OFFER_ABSOLUTE_MAX_CENTS);
}

/** The cap of an offer or counter on a listing asking `askingCents` (no asking price: the absolute cap). */
export function offerCapCents(askingCents: number | null | undefined): number {
  return askingCents && askingCents > 0 ? maxOfferCents(askingCents) : OFFER_ABSOLUTE_MAX_CENTS;
}

/** What is wrong with an amount in cents ("Offer amount cannot be more than $500,000"), or null. */
export function offerAmountProblem(cents: number, label: string, askingCents?: number | null): string | null {
  if (cents < OFFER_MIN_CENTS) return `${label} must be at least $1`;
  const cap = offerCapCents(askingCents);
  if (cents > cap) return `${label} cannot be more than ${formatDollars(cap)}`;
  return null;
}

/**
 * The one offer and counter amount rule (server and dialogs): whole dollars as typed ("48,500", "$48500") or a
 * JSON number, required, at least $1, at most the cap for the asking price (without one, $10,000,000).
 * Parses to cents.
 */
export function offerAmountSchema(label: string, askingCents?: number | null) {
  return z.union([z.string(), z.number(), z.null(), z.undefined()]).transform((value, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (value === null || value === undefined || String(value).trim() === '')
      return fail(`${label} is required`);
    const cents = parseDollarAmount(value);
    if (cents === null) return fail(DOLLAR_AMOUNT_MESSAGE);
    const problem = offerAmountProblem(cents, label, askingCents);
    return problem ? fail(problem) : cents;
  });
}
