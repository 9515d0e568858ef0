import { z } from 'zod';
import { DOLLAR_AMOUNT_MESSAGE, formatDollars, parseDollarAmount } from './money';

export const OFFER_STATUSES = [
  'pending',
  'countered',
  'accepted',
  'rejected',
  'withdrawn',
  'replaced',
  'expired',
  'returned',
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const OFFER_TYPES = ['buy_now', 'offer'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];

/**
 * Who acts on an offer: FieldLot's admins (any listing), the buyer, the seller of a dealer's listing
 * (only on offers made on their own listings; docs/product/dealer-selling.md#offers-on-your-tractors),
 * and 'system', the scheduled expiry job (docs/product/dealer-tools.md#offers-that-expire).
 */
export const OFFER_ROLES = ['admin', 'seller', 'buyer', 'system'] as const;
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
  'expire',
  'return',
] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];

/**
 * docs/product/offers.md#status-machine, the one table of who may do what to an offer: each action, the statuses it
 * starts from, where it leads and the roles allowed to take it. pending -> accepted | rejected | countered
 * (admin, or the seller of a dealer's listing); countered -> accepted (buyer accepts the counter); open -> withdrawn (buyer); open -> replaced
 * (buyer: a new offer on the same tractor ends the open one, decision 0010; one open offer per dealer per listing);
 * open -> expired (system: OFFER_TTL_HOURS after it was made or countered, decision 0022); accepted -> returned (system,
 * in the transaction of an admin cancelling the purchase or answering a claim with cancel and return: the sale is
 * undone and the tractor may be sold again, docs/product/purchases.md#status-machine).
 */
export const OFFER_TRANSITIONS: Readonly<
  Record<OfferAction, { from: readonly OfferStatus[]; to: OfferStatus; by: readonly OfferRole[] }>
> = {
  accept: { from: ['pending'], to: 'accepted', by: ['admin', 'seller'] },
  reject: { from: ['pending'], to: 'rejected', by: ['admin', 'seller'] },
  counter: { from: ['pending'], to: 'countered', by: ['admin', 'seller'] },
  accept_counter: { from: ['countered'], to: 'accepted', by: ['buyer'] },
  withdraw: { from: OPEN_OFFER_STATUSES, to: 'withdrawn', by: ['buyer'] },
  replace: { from: OPEN_OFFER_STATUSES, to: 'replaced', by: ['buyer'] },
  expire: { from: OPEN_OFFER_STATUSES, to: 'expired', by: ['system'] },
  return: { from: ['accepted'], to: 'returned', by: ['system'] },
};

/** What `role` may do to an offer in `status` (the buttons a screen shows; the service's check). */
export function offerActionsFor(status: OfferStatus, role: OfferRole): OfferAction[] {
  return OFFER_ACTIONS.filter((a) => {
    const t = OFFER_TRANSITIONS[a];
    return t.by.includes(role) && t.from.includes(status);
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
  return t.to === to && t.by.includes(by) ? t.from : [];
}

/** Badge colours (docs/product/offers.md#status-machine): yellow, blue, green, red, grey. */
export const OFFER_STATUS_TONE: Record<OfferStatus, 'yellow' | 'blue' | 'green' | 'red' | 'grey'> = {
  pending: 'yellow',
  countered: 'blue',
  accepted: 'green',
  rejected: 'red',
  withdrawn: 'grey',
  replaced: 'grey',
  expired: 'grey',
  returned: 'grey',
};

/** How long an offer or a counter-offer stays open unless configured (OFFER_TTL_HOURS). */
export const DEFAULT_OFFER_TTL_HOURS = 48;

/** When an offer made or countered at `from` expires. */
export function offerExpiresAt(from: Date, ttlHours: number): Date {
  return new Date(from.getTime() + ttlHours * 3600_000);
}

/**
 * The time left on an open offer as both sides see it (docs/product/dealer-tools.md#offers-that-expire):
 * "expires in 5 h" (whole hours, rounded), under an hour "expires in 35 min", then "expired".
 */
export function formatOfferTimeLeft(expiresAt: Date | string, now: Date | number): string {
  const left = new Date(expiresAt).getTime() - new Date(now).getTime();
  if (left <= 0) return 'expired';
  if (left < 3600_000) return `expires in ${Math.max(1, Math.ceil(left / 60_000))} min`;
  return `expires in ${Math.round(left / 3600_000)} h`;
}

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
