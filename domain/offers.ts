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

export type OfferActor = 'admin' | 'buyer';

/** Shapes of the offers API (money in cents, dates ISO), shared by the server's schemas and the SPA. */
/** The listing as an offer shows it. */
export interface OfferListingSummary {
  make: string;
  model: string;
  year: number;
  location: string;
  condition: string;
  hours: number;
  priceCents: number;
  status: string;
  imageUrl: string | null;
}

export interface Offer {
  id: string;
  listingId: string;
  offerType: OfferType;
  status: OfferStatus;
  offerAmountCents: number;
  originalPriceCents: number;
  message: string;
  counterOfferAmountCents: number | null;
  counterMessage: string | null;
  acceptedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface OfferWithListing extends Offer {
  listing: OfferListingSummary;
}

export interface OfferParty {
  id: string;
  name: string;
  email: string;
  companyName: string;
}
export interface AdminOffer extends OfferWithListing {
  buyer: OfferParty;
  seller: OfferParty;
}

export interface Purchase {
  id: string;
  listingId: string;
  offerAmountCents: number;
  acceptedAt: string | null;
  createdAt: string;
  listing: OfferListingSummary;
}

/**
 * DECISIONS.md status machine. Each entry: from -> to, and who may make the move.
 * pending -> accepted | rejected | countered (admin); countered -> accepted (buyer accepts the counter);
 * pending | countered -> withdrawn (buyer); pending | countered -> replaced (buyer: a new offer on the same
 * tractor ends the open one, issue 9; one open offer per dealer per listing).
 */
const TRANSITIONS: ReadonlyArray<{ from: OfferStatus; to: OfferStatus; by: OfferActor }> = [
  { from: 'pending', to: 'accepted', by: 'admin' },
  { from: 'pending', to: 'rejected', by: 'admin' },
  { from: 'pending', to: 'countered', by: 'admin' },
  { from: 'countered', to: 'accepted', by: 'buyer' },
  { from: 'pending', to: 'withdrawn', by: 'buyer' },
  { from: 'countered', to: 'withdrawn', by: 'buyer' },
  { from: 'pending', to: 'replaced', by: 'buyer' },
  { from: 'countered', to: 'replaced', by: 'buyer' },
];

export function canTransitionOffer(from: OfferStatus, to: OfferStatus, by: OfferActor): boolean {
  return TRANSITIONS.some((t) => t.from === from && t.to === to && t.by === by);
}

/** Statuses from which the given actor may move the offer to `to`. Used to build conditional updates. */
export function offerSourcesFor(to: OfferStatus, by: OfferActor): OfferStatus[] {
  return TRANSITIONS.filter((t) => t.to === to && t.by === by).map((t) => t.from);
}

export const OPEN_OFFER_STATUSES: readonly OfferStatus[] = ['pending', 'countered'];

/** Badge colours of SPEC.md: yellow, blue, green, red, grey. */
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
