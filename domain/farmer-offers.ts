import { longDateUtc } from './dates';
/**
 * The offer FieldLot sends a farmer for a sell-form inquiry (docs/product/selling.md#the-offer-by-e-mail,
 * docs/decisions/0045-farmer-offers.md). Pure rules shared by the admin form, the API and the farmer's page.
 */
import { DOLLAR_AMOUNT_MESSAGE, parseDollarAmount } from './money';

export const FARMER_OFFER_MAX_CENTS = 10_000_000_00;
export const FARMER_OFFER_DEFAULT_VALID_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What FieldLot promises a farmer who accepts, on the page and in the acceptance e-mail
 * (docs/product/selling.md#the-farmers-page, decision 0077): a contact within one business day to agree the pickup
 * day, and the whole amount paid on that day, before the tractor leaves the farm. The farmer is never asked to
 * hand over a tractor and wait for the money.
 */
export const FARMER_ACCEPTED_TEXT = {
  contact: 'We will contact you within one business day to agree the pickup day.',
  paid: 'You are paid in full on the day we collect the tractor, before it leaves your farm.',
  /** The e-mail's "what happens next". */
  nextStep:
    'What happens next: we will contact you at this e-mail address within one business day to agree the pickup day. Nothing is needed from you until then.',
  /** The e-mail's payment paragraph for the amount ("$27,500"). */
  payment: (amount: string) =>
    `Payment: the full ${amount}, by bank transfer or check as you prefer, on the day we collect the tractor, before it leaves your farm.`,
  asDescribed:
    'Our offer is for the tractor as you described it. If we find something different at pickup, we tell you before anything moves, and you are free to say no.',
} as const;

/** An offer's own life: one is `sent` at a time; a revised offer supersedes the previous one. */
export const FARMER_OFFER_STATUSES = [
  'sent',
  'accepted',
  'declined',
  'call_requested',
  'superseded',
] as const;
export type FarmerOfferStatus = (typeof FARMER_OFFER_STATUSES)[number];

/** The inquiry statuses the offer flow grows to (the seed's pending / contacted / closed kept). */
export const INQUIRY_OFFER_STATUSES = [
  'pending',
  'contacted',
  'offer_sent',
  'offer_accepted',
  'offer_declined',
  'offer_expired',
  'closed',
] as const;
export type InquiryOfferStatus = (typeof INQUIRY_OFFER_STATUSES)[number];

export const INQUIRY_OFFER_STATUS_LABELS: Record<InquiryOfferStatus, string> = {
  pending: 'Pending',
  contacted: 'Contacted',
  offer_sent: 'Offer sent',
  offer_accepted: 'Offer accepted',
  offer_declined: 'Offer declined',
  offer_expired: 'Offer expired',
  closed: 'Closed',
};

/** Where each status may go; sending an offer (or a revised one) is allowed until it is accepted or closed. */
const NEXT: Record<InquiryOfferStatus, readonly InquiryOfferStatus[]> = {
  pending: ['contacted', 'offer_sent', 'closed'],
  contacted: ['offer_sent', 'closed'],
  offer_sent: ['offer_sent', 'offer_accepted', 'offer_declined', 'offer_expired', 'closed'],
  offer_accepted: ['closed'],
  offer_declined: ['offer_sent', 'closed'],
  offer_expired: ['offer_sent', 'closed'],
  closed: ['pending'],
};

export function canMoveInquiry(from: InquiryOfferStatus, to: InquiryOfferStatus): boolean {
  return NEXT[from].includes(to);
}

export function defaultOfferValidUntil(now: Date): Date {
  return new Date(now.getTime() + FARMER_OFFER_DEFAULT_VALID_DAYS * DAY_MS);
}

export interface FarmerOfferInput {
  amount: string | number;
  validUntil?: string | null;
  pickup: string;
  message?: string | null;
}

export type FarmerOfferCheck =
  | { ok: true; amountCents: number; validUntil: Date; pickup: string; message: string }
  | { ok: false; fields: Record<string, string> };

/** Field messages for a bad offer: $0, over $10,000,000, a past expiry, no pickup text. */
export function checkFarmerOffer(input: FarmerOfferInput, now: Date): FarmerOfferCheck {
  const fields: Record<string, string> = {};
  const amountCents = parseDollarAmount(input.amount);
  if (amountCents === null) fields.amount = DOLLAR_AMOUNT_MESSAGE;
  else if (amountCents <= 0) fields.amount = 'The offer must be more than $0';
  else if (amountCents > FARMER_OFFER_MAX_CENTS) fields.amount = 'The offer cannot be over $10,000,000';
  const validUntil = input.validUntil ? new Date(input.validUntil) : defaultOfferValidUntil(now);
  if (Number.isNaN(validUntil.getTime())) fields.validUntil = 'Enter a valid date';
  else if (validUntil.getTime() <= now.getTime())
    fields.validUntil = 'The offer must be valid until a future date';
  const pickup = input.pickup.trim();
  if (!pickup) fields.pickup = 'Say how pickup works';
  else if (pickup.length > 1000) fields.pickup = 'Keep it under 1,000 characters';
  const message = (input.message ?? '').trim();
  if (message.length > 4000) fields.message = 'Keep it under 4,000 characters';
  if (Object.keys(fields).length > 0 || amountCents === null) return { ok: false, fields };
  return { ok: true, amountCents, validUntil, pickup, message };
}

/** What the farmer's page shows for a token: the offer only while it is `sent` and not past its date. */
export function farmerOfferState(
  offer: { status: FarmerOfferStatus; validUntil: Date },
  now: Date,
): 'open' | 'expired' | 'answered' | 'replaced' {
  if (offer.status === 'superseded') return 'replaced';
  if (offer.status !== 'sent') return 'answered';
  return offer.validUntil.getTime() <= now.getTime() ? 'expired' : 'open';
}

/** The farmer's page for an offer link (no account): the token is the only key. */
export const farmerOfferPath = (token: string) => `/farmer-offer/${encodeURIComponent(token)}`;

/** The shape of a token the offer e-mail carries (32 random bytes, base64url); anything else is an altered link. */
export const FARMER_OFFER_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
export const FARMER_OFFER_LINK_INVALID =
  'This offer link is not valid. Check the link in your e-mail, or ask us for a new offer.';

/** The farmer's three answers on the offer page. */
export const FARMER_OFFER_ANSWERS = ['accept', 'decline', 'call'] as const;
export type FarmerOfferAnswer = (typeof FARMER_OFFER_ANSWERS)[number];
export const FARMER_OFFER_ANSWER_STATUS: Record<
  FarmerOfferAnswer,
  Exclude<FarmerOfferStatus, 'sent' | 'superseded'>
> = {
  accept: 'accepted',
  decline: 'declined',
  call: 'call_requested',
};

export const FARMER_OFFER_STATUS_LABELS: Record<FarmerOfferStatus, string> = {
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  call_requested: 'Farmer asked for a call',
  superseded: 'Replaced by a revised offer',
};

/** An offer's date in words ("December 3, 2026"), the same on the e-mail, the farmer's page and the admin's view. */
export function formatOfferDate(iso: string | Date): string {
  return longDateUtc(new Date(iso));
}
