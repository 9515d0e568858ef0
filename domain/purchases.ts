import { z } from 'zod';
import { type ClaimCause, CREDIT_BEARERS } from './ledger';
import { buyerMoneySchema, creditAnswerFields, moneyMoveSchema, sellerMoneyShape } from './ledger-api';
import { formatDollars } from './money';
import { listingSummarySchema } from './offers.schemas';
import { amountCents, isoDate, PAYMENT_METHODS } from './payment-terms';

export {
  addBusinessDays,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from './payment-terms';

import { formatCount } from './numbers';

/**
 * After the deal (docs/product/purchases.md): the purchase an accepted offer becomes, its status machine, due
 * dates, numbers, the delivery estimate and the API shapes. Money in integer cents, dates as ISO strings.
 */

export const PURCHASE_STATUSES = [
  'awaiting_payment',
  'paid',
  'released',
  'picked_up',
  'delivered',
  'title_sent',
  'complete',
  'cancelled',
  'in_dispute',
] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

export const PURCHASE_STATUS_LABELS: Record<PurchaseStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  released: 'Released',
  picked_up: 'Picked up',
  delivered: 'Delivered',
  title_sent: 'Title sent',
  complete: 'Complete',
  cancelled: 'Cancelled',
  in_dispute: 'In dispute',
};

export const PURCHASE_STATUS_TONE: Record<PurchaseStatus, 'yellow' | 'blue' | 'green' | 'red' | 'grey'> = {
  awaiting_payment: 'yellow',
  paid: 'blue',
  released: 'blue',
  picked_up: 'blue',
  delivered: 'blue',
  title_sent: 'blue',
  complete: 'green',
  cancelled: 'grey',
  in_dispute: 'red',
};

/** States after which the tractor is in the dealer's hands: the guarantee window runs from there. */
export const HANDED_OVER: readonly PurchaseStatus[] = ['picked_up', 'delivered', 'title_sent'];

export const PURCHASE_ACTIONS = [
  'pay',
  'release',
  'pickup',
  'deliver',
  'send_title',
  'complete',
  'cancel',
  'open_claim',
  'resolve_claim',
  'return',
  // Steps that record a fact and keep the status (docs/product/purchases.md#delivery-and-landed-cost, #title).
  'choose_fulfilment',
  'record_transport',
  'receive_title',
] as const;
export type PurchaseAction = (typeof PURCHASE_ACTIONS)[number];

/**
 * docs/product/purchases.md#status-machine: every move, where it starts and where it leads. `pay` moves only
 * when the balance reaches zero (a partial payment leaves the purchase Awaiting payment). `resolve_claim`
 * (credit or deny) goes back to the status before the dispute; `return` (cancel and return) ends it Cancelled.
 */
export const PURCHASE_TRANSITIONS: Readonly<
  Record<PurchaseAction, { from: readonly PurchaseStatus[]; to: PurchaseStatus | 'previous' | 'same' }>
> = {
  pay: { from: ['awaiting_payment'], to: 'paid' },
  release: { from: ['paid'], to: 'released' },
  pickup: { from: ['released'], to: 'picked_up' },
  deliver: { from: ['released'], to: 'delivered' },
  send_title: { from: ['picked_up', 'delivered'], to: 'title_sent' },
  complete: { from: ['title_sent'], to: 'complete' },
  cancel: {
    from: ['awaiting_payment', 'paid', 'released', 'picked_up', 'delivered', 'title_sent', 'in_dispute'],
    to: 'cancelled',
  },
  open_claim: { from: HANDED_OVER, to: 'in_dispute' },
  resolve_claim: { from: ['in_dispute'], to: 'previous' },
  return: { from: ['in_dispute'], to: 'cancelled' },
  choose_fulfilment: { from: ['awaiting_payment'], to: 'same' },
  // Transport is arranged once the dealer chose how, until the tractor is handed over.
  record_transport: { from: ['awaiting_payment', 'paid', 'released'], to: 'same' },
  receive_title: {
    from: ['awaiting_payment', 'paid', 'released', 'picked_up', 'delivered', 'title_sent', 'in_dispute'],
    to: 'same',
  },
};

export function canPurchase(action: PurchaseAction, status: PurchaseStatus): boolean {
  return PURCHASE_TRANSITIONS[action].from.includes(status);
}

export function purchaseActionSources(action: PurchaseAction): PurchaseStatus[] {
  return [...PURCHASE_TRANSITIONS[action].from];
}

/** What a purchase's actions depend on besides its status. */
export interface PurchaseFacts {
  status: PurchaseStatus;
  fulfilment: Fulfilment | null;
  /** Null until the invoice (the dealer chose collection or delivery). */
  totalCents: number | null;
  titleReceivedAt: string | null;
  guaranteeEndsAt: string | null;
}

const ADMIN_ACTIONS: readonly PurchaseAction[] = [
  'pay',
  'release',
  'record_transport',
  'pickup',
  'deliver',
  'receive_title',
  'send_title',
  'complete',
  'resolve_claim',
  'return',
  'cancel',
];
const BUYER_ACTIONS: readonly PurchaseAction[] = ['choose_fulfilment', 'open_claim'];

/**
 * docs/product/purchases.md#status-machine: the one answer to "which steps may this role take now", for the
 * screens (Purchased Inventory, admin Purchases) and the server's refusal alike. `buyer`: a dealership member who
 * may act (a viewer takes none, VIEWER_PURCHASE_TEXT). The order is the screens' order.
 */
export function purchaseActionsFor(role: 'admin' | 'buyer', p: PurchaseFacts, now: Date): PurchaseAction[] {
  const handedOverBy = p.fulfilment === 'delivery' ? 'deliver' : 'pickup';
  const guaranteeOpen = p.guaranteeEndsAt !== null && now < new Date(p.guaranteeEndsAt);
  const extra: Partial<Record<PurchaseAction, boolean>> = {
    pay: p.totalCents !== null,
    choose_fulfilment: p.fulfilment === null,
    record_transport: p.fulfilment !== null,
    pickup: handedOverBy === 'pickup',
    deliver: handedOverBy === 'deliver',
    receive_title: p.titleReceivedAt === null,
    send_title: p.titleReceivedAt !== null,
    open_claim: guaranteeOpen,
  };
  return (role === 'admin' ? ADMIN_ACTIONS : BUYER_ACTIONS).filter(
    (a) => canPurchase(a, p.status) && extra[a] !== false,
  );
}

// ---------------------------------------------------------------- numbers and dates

/** "FL-2026-000123": the year and a gapless sequence within it. */
export function purchaseNumber(year: number, seq: number): string {
  return `FL-${year}-${String(seq).padStart(6, '0')}`;
}
export function invoiceNumber(year: number, seq: number): string {
  return `INV-${year}-${String(seq).padStart(6, '0')}`;
}
export function creditNoteNumber(year: number, seq: number): string {
  return `CN-${year}-${String(seq).padStart(6, '0')}`;
}

/** Overdue: still owing after the end of the due date (UTC). */
export function isOverdue(status: PurchaseStatus, dueDate: string, balanceCents: number, now: Date): boolean {
  return status === 'awaiting_payment' && balanceCents > 0 && now.toISOString().slice(0, 10) > dueDate;
}

/** The end of the inspection guarantee: `days` days after the tractor was picked up or delivered. */
export function guaranteeEnd(handedOverAt: Date, days: number): Date {
  return new Date(handedOverAt.getTime() + days * 86_400_000);
}

/** "3 days 4 hours left", "5 hours left", "Closed" (the countdown beside the window's end date). */
export function countdownText(end: Date, now: Date): string {
  const ms = end.getTime() - now.getTime();
  if (ms <= 0) return 'Closed';
  const hours = Math.floor(ms / 3_600_000);
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  if (days === 0)
    return hours === 0 ? 'Less than an hour left' : `${hours} hour${hours === 1 ? '' : 's'} left`;
  return `${days} day${days === 1 ? '' : 's'}${rest ? ` ${rest} hour${rest === 1 ? '' : 's'}` : ''} left`;
}

export const dateLabel = (iso: string) =>
  new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

// ---------------------------------------------------------------- delivery estimate

export interface ZipPlace {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

export const ROAD_FACTOR = 1.2;
const EARTH_RADIUS_MILES = 3958.8;

/** Great-circle distance in miles between two points (haversine). */
export function straightLineMiles(a: Pick<ZipPlace, 'latitude' | 'longitude'>, b: typeof a): number {
  const rad = (x: number) => (x * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface DeliveryEstimate {
  /** Road miles: straight line times the road factor, rounded to a whole mile. */
  miles: number;
  /** Whole dollars rounded to $10, at least the minimum. */
  cents: number;
  text: string;
}

/**
 * docs/product/purchases.md#landed-cost: straight line between the ZIP centroids x 1.2 (road factor) x the rate
 * per mile, at least the minimum, rounded to the nearest $10: "Delivered to Ames, IA 50010: about $1,480 (412 mi)".
 */
export function deliveryEstimate(
  from: ZipPlace,
  to: ZipPlace,
  ratePerMileCents: number,
  minimumCents: number,
): DeliveryEstimate {
  const miles = Math.round(straightLineMiles(from, to) * ROAD_FACTOR);
  const raw = Math.max(minimumCents, miles * ratePerMileCents);
  const cents = Math.round(raw / 1000) * 1000;
  return {
    miles,
    cents,
    text: `Delivered to ${to.city}, ${to.state} ${to.zip}: about ${formatDollars(cents)} (${formatCount(miles)} mi)`,
  };
}

// ---------------------------------------------------------------- addresses

export const zipSchema = z
  .string()
  .trim()
  .regex(/^\d{5}$/, 'Enter a 5-digit ZIP code');
export const optionalZipSchema = z
  .string()
  .trim()
  .regex(/^(\d{5})?$/, 'Enter a 5-digit ZIP code')
  .optional()
  .nullable()
  .transform((v) => v || null);
export const optionalCitySchema = z
  .string()
  .trim()
  .max(80, 'City must be at most 80 characters')
  .optional()
  .nullable()
  .transform((v) => v || null);

export const deliveryAddressSchema = z.object({
  addressLine: z.string().trim().min(1, 'Street address is required').max(200, 'At most 200 characters'),
  city: z.string().trim().min(1, 'City is required').max(80, 'At most 80 characters'),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Use the two-letter state code, like IA'),
  zip: zipSchema,
});
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;
export const deliveryAddressAnswer = z.object({
  address: deliveryAddressSchema.nullable(),
  /**
   * A team member's view (decision 0041): the address is their dealership's, kept by its owner, and read-only to
   * them. Null for whoever may change it (the owner, a dealer on their own, an admin).
   */
  managedBy: z.object({ dealership: z.string(), owner: z.string() }).nullable().optional(),
});
export type DeliveryAddressAnswer = z.infer<typeof deliveryAddressAnswer>;

/** My Account's card for a team member: whose address it is and who manages it. */
export const DEALERSHIP_ADDRESS_TITLE = "Your Dealership's Address";
export const dealershipAddressText = (dealership: string, owner: string) =>
  `This is ${dealership}'s delivery address, managed by the dealership's owner, ${owner}. Every delivery estimate and delivery uses it; ask ${owner} to change it.`;

// ---------------------------------------------------------------- API shapes

export const FULFILMENTS = ['collect', 'delivery'] as const;
export type Fulfilment = (typeof FULFILMENTS)[number];
export const FULFILMENT_LABELS: Record<Fulfilment, string> = {
  collect: "I'll collect it",
  delivery: 'FieldLot delivers',
};

export const fulfilmentBody = z.object({ fulfilment: z.enum(FULFILMENTS, 'Choose how you get the tractor') });

export const paymentBody = z.object({
  amount: amountCents('Payment'),
  method: z.enum(PAYMENT_METHODS, 'Choose a payment method'),
  reference: z.string().trim().max(120, 'At most 120 characters').default(''),
  paidOn: isoDate('Payment date'),
  /** The balance the admin saw: if another payment was recorded since, this one is refused (409). */
  expectedBalanceCents: z.number().int(),
});
export type PaymentBody = z.input<typeof paymentBody>;

export const logisticsBody = z.object({
  carrier: z.string().trim().max(120, 'At most 120 characters').optional(),
  pickupDate: isoDate('Pickup date').optional().nullable(),
  deliveryDate: isoDate('Delivery date').optional().nullable(),
});
export const handoverBody = z.object({ date: isoDate('Date') });
export const titleReceivedBody = z.object({ date: isoDate('Date') });
export const titleSentBody = z.object({
  carrier: z.string().trim().min(1, 'Carrier is required').max(120, 'At most 120 characters'),
  trackingNumber: z.string().trim().min(1, 'Tracking number is required').max(120, 'At most 120 characters'),
});
export const reasonBody = z.object({
  reason: z.string().trim().min(3, 'Give a reason').max(1000, 'At most 1000 characters'),
});

export const NOT_IN_REPORT = 'not_in_report';
export const claimBody = z.object({
  checkpoints: z
    .array(z.string().max(80))
    .min(1, 'Pick the checkpoints that differ, or "Not in report"')
    .max(60),
  description: z.string().trim().min(10, 'Describe what differs (at least 10 characters)').max(4000),
});
export type ClaimBody = z.infer<typeof claimBody>;

export const CLAIM_ANSWERS = ['credit', 'return', 'deny'] as const;
export const claimAnswerBody = z.discriminatedUnion('answer', [
  z.object({ answer: z.literal('credit'), amount: amountCents('Credit'), ...creditAnswerFields }),
  z.object({ answer: z.literal('return'), reason: reasonBody.shape.reason }),
  z.object({ answer: z.literal('deny'), reason: reasonBody.shape.reason }),
]);
export type ClaimAnswerBody = z.input<typeof claimAnswerBody>;

/**
 * docs/decisions/0035-who-bears-a-credit.md: a claim on checkpoints of the published report is a defect the report
 * missed (FieldLot's inspection); one only "Not in report" is a defect the seller declared otherwise.
 */
export function claimCause(checkpoints: readonly string[]): ClaimCause {
  return checkpoints.some((c) => c !== NOT_IN_REPORT) ? 'missed_by_report' : 'declared_otherwise_by_seller';
}

export const purchaseIdParams = z.object({ purchaseId: z.uuid('Purchase not found') });

/** Claim photo variants (docs/product/purchases.md#inspection-guarantee): a thumbnail and the full size. */
export const CLAIM_PHOTO_WIDTHS = { thumb: 400, full: 1600 } as const;
/** A claim photo file is `{photo id}-{width}.webp`; the id is the last part of its storage key. */
export const claimPhotoFile = z
  .string()
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-(400|800|1600)\.webp$/,
    'Photo not found',
  );
export const claimPhotoParams = purchaseIdParams.extend({ file: claimPhotoFile });
export const claimPhotoUrl = (purchaseId: string, photoId: string, width: number) =>
  `/api/purchases/${purchaseId}/claims/photos/${photoId}-${width}.webp`;
export const documentParams = purchaseIdParams.extend({ documentId: z.uuid('Document not found') });

const timelineItem = z.object({
  at: z.string(),
  kind: z.string(),
  text: z.string(),
});
const document = z.object({
  id: z.string(),
  kind: z.enum(['invoice', 'credit_note', 'gate_pass']),
  number: z.string(),
  label: z.string(),
  amountCents: z.number().nullable(),
  issuedAt: z.string(),
  url: z.string(),
});
const payment = z.object({
  id: z.string(),
  kind: z.enum(['payment', 'refund']),
  amountCents: z.number(),
  method: z.string(),
  reference: z.string(),
  paidOn: z.string(),
});
/**
 * A checkpoint the claim names, with what the report frozen with the purchase said about it (null for "Not in
 * report" or a checkpoint the report left unrated), so the admin decides with the evidence.
 */
const claimCheckpoint = z.object({
  id: z.string(),
  label: z.string(),
  section: z.string().nullable(),
  report: z.object({ rating: z.string(), ratingLabel: z.string(), note: z.string() }).nullable(),
});
/** A claim photo: the thumbnail and the full size, served only to the buyer's dealership and admins. */
const claimPhoto = z.object({
  id: z.string(),
  thumbUrl: z.string(),
  url: z.string(),
  width: z.number(),
  height: z.number(),
});
const claim = z.object({
  id: z.string(),
  status: z.enum(['open', 'credited', 'returned', 'denied']),
  checkpoints: z.array(claimCheckpoint),
  description: z.string(),
  photos: z.array(claimPhoto),
  answer: z.string().nullable(),
  creditCents: z.number().nullable(),
  /** Who bore the credit given on this claim (null until credited). */
  bornBy: z.enum(CREDIT_BEARERS).nullable(),
  /** Who bears a credit on it by default (`defaultCreditBearer` of `claimCause`); the admin may change it. */
  defaultBornBy: z.enum(CREDIT_BEARERS),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});

export const purchaseSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    offerId: z.string(),
    listingId: z.string(),
    status: z.enum(PURCHASE_STATUSES),
    tractor: z.string(),
    imageUrl: z.string().nullable(),
    listingLocation: z.string(),
    buyer: z.object({ id: z.string(), name: z.string(), email: z.string(), companyName: z.string() }),
    priceCents: z.number(),
    buyerFeeCents: z.number(),
    deliveryCents: z.number().nullable(),
    totalCents: z.number().nullable(),
    creditedCents: z.number(),
    paidCents: z.number(),
    refundedCents: z.number(),
    balanceCents: z.number().nullable(),
    /** Every figure of the buyer's money, from the ledger (`ledgerSummary`), with its balance line. */
    money: buyerMoneySchema,
    dueDate: z.string(),
    overdue: z.boolean(),
    fulfilment: z.enum(FULFILMENTS).nullable(),
    deliveryQuote: z.object({ cents: z.number(), miles: z.number(), text: z.string() }).nullable(),
    /** Why a purchase awaiting its choice has no delivery quote (`deliveryMissing`); null otherwise. */
    deliveryMissing: z.enum(['address', 'listing_zip']).nullable(),
    deliveryTo: z.string().nullable(),
    inspectionRevision: z.number().nullable(),
    releaseCode: z.string().nullable(),
    carrier: z.string().nullable(),
    pickupDate: z.string().nullable(),
    deliveryDate: z.string().nullable(),
    handedOverAt: z.string().nullable(),
    titleReceivedAt: z.string().nullable(),
    titleSentAt: z.string().nullable(),
    titleCarrier: z.string().nullable(),
    titleTracking: z.string().nullable(),
    cancelReason: z.string().nullable(),
    guaranteeEndsAt: z.string().nullable(),
    claimOpen: z.boolean(),
    /** The reader may choose delivery and open a claim (false for a dealership's viewer; VIEWER_PURCHASE_TEXT). */
    canAct: z.boolean(),
    /** The steps the reader may take now (purchaseActionsFor): the screens show these buttons, nothing else. */
    actions: z.array(z.enum(PURCHASE_ACTIONS)),
    /** The tractor as the Purchased Inventory card shows it. */
    listing: listingSummarySchema,
    nextStep: z.object({ text: z.string(), by: z.string().nullable() }).nullable(),
    timeline: z.array(timelineItem),
    documents: z.array(document),
    payments: z.array(payment),
    /** Refunds FieldLot recorded to the buyer (also in `payments` with kind refund). */
    refunds: z.array(moneyMoveSchema),
    claims: z.array(claim),
    createdAt: z.string(),
  })
  .meta({ id: 'Purchase' });
export type Purchase = z.infer<typeof purchaseSchema>;

/**
 * Version 1's accepted offer, as the deprecated `GET /api/offers/purchased` has always listed it: a projection of
 * the one Purchase read model kept so integrators' clients do not break (docs/decisions/0040-one-purchase-read-model.md).
 */
export const legacyOfferPurchaseSchema = z
  .object({
    /** The accepted offer's id. */
    id: z.string(),
    listingId: z.string(),
    offerAmountCents: z.number(),
    acceptedAt: z.string().nullable(),
    createdAt: z.string(),
    listing: listingSummarySchema,
  })
  .meta({ id: 'OfferPurchase', deprecated: true });
export function legacyOfferPurchase(p: Purchase): z.infer<typeof legacyOfferPurchaseSchema> {
  return {
    id: p.offerId,
    listingId: p.listingId,
    offerAmountCents: p.priceCents,
    acceptedAt: p.createdAt,
    createdAt: p.createdAt,
    listing: p.listing,
  };
}
export const purchaseListSchema = z.object({ items: z.array(purchaseSchema) });

export const adminPurchaseQuery = z.object({
  status: z.enum([...PURCHASE_STATUSES, 'overdue', 'all']).default('all'),
});
export const purchaseCountsSchema = z.object({
  awaitingPayment: z.number(),
  overdue: z.number(),
  toRelease: z.number(),
  openClaims: z.number(),
  inProgress: z.number(),
});

export const landedCostQuery = z.object({
  listingId: z.uuid('Tractor not found'),
  amount: z.coerce.number().int().min(0).max(10_000_000).optional(),
});
/**
 * Why there is no delivery estimate, naming the real missing piece (decision 0041): the dealership has no
 * address on file, or the tractor's yard has no ZIP we know.
 */
export function deliveryMissing(
  hasEstimate: boolean,
  dealershipZip: string | null | undefined,
): 'address' | 'listing_zip' | null {
  return hasEstimate ? null : dealershipZip ? 'listing_zip' : 'address';
}

/** The buyer's words for each missing piece (the tractor page and the purchase page). */
export const DELIVERY_MISSING_TEXT = {
  address: 'Add your delivery address',
  listing_zip: "This tractor's yard has no ZIP yet: ask us for a delivery quote.",
} as const;

export const landedCostSchema = z.object({
  priceCents: z.number(),
  buyerFeeCents: z.number(),
  delivery: z.object({ cents: z.number(), miles: z.number(), text: z.string() }).nullable(),
  /** Why there is no delivery estimate: no address on file, or the tractor has no ZIP. */
  missing: z.enum(['address', 'listing_zip']).nullable(),
  totalCents: z.number(),
});
export type LandedCost = z.infer<typeof landedCostSchema>;

/** "What is due next" for the dealer, as the screen and e-mails say it. */
export function nextStepText(p: {
  status: PurchaseStatus;
  fulfilment: Fulfilment | null;
  balanceCents: number | null;
  dueDate: string;
}): string | null {
  switch (p.status) {
    case 'awaiting_payment':
      if (!p.fulfilment) return 'Choose "I\'ll collect it" or "FieldLot delivers" to get your invoice';
      return `Pay ${formatDollars(p.balanceCents ?? 0)} by ${dateLabel(p.dueDate)}`;
    case 'paid':
      return 'Payment received: your gate pass follows';
    case 'released':
      return p.fulfilment === 'delivery'
        ? 'FieldLot arranges the truck: delivery dates show here'
        : 'Show the gate pass when your truck collects the tractor';
    case 'picked_up':
    case 'delivered':
      return 'The title is on its way from the seller';
    case 'title_sent':
      return 'Title sent: the purchase completes when the guarantee window ends';
    case 'in_dispute':
      return 'FieldLot is reviewing your claim';
    default:
      return null;
  }
}

// ---------------------------------------------------------------- the seller dealer's view (purchases.md#the-seller-dealers-view)

/**
 * The purchase's timeline as the seller dealer reads it (decision 0025): the sale's own steps. The buyer's invoice,
 * payments, claims, refunds and title shipment are between FieldLot and the buyer; "paid" and "cancelled" are told
 * without the buyer's amounts and references.
 */
export function sellerTimeline<E extends { kind: string; text: string }>(
  events: E[],
  cancelReason: string | null,
): E[] {
  const shown = ['created', 'released', 'logistics', 'picked_up', 'delivered', 'title_received', 'complete'];
  return events.flatMap((e) => {
    if (shown.includes(e.kind)) return [e];
    if (e.kind === 'paid') return [{ ...e, text: 'Paid in full by the buyer' }];
    if (e.kind === 'cancelled' || e.kind === 'claim_returned')
      return [{ ...e, text: `Cancelled: ${cancelReason ?? 'no reason given'}` }];
    return [];
  });
}

/** Who takes the tractor from the seller's yard, as the seller reads it (My Listings and the release e-mail). */
export function collectedByText(p: {
  fulfilment: Fulfilment;
  carrier?: string | null;
  pickupDate?: string | null;
}): string {
  if (p.fulfilment === 'collect') return "The buyer's own truck";
  return `FieldLot's carrier${p.carrier ? ` (${p.carrier})` : ''}${p.pickupDate ? `, pickup ${dateLabel(p.pickupDate)}` : ''}`;
}

/** "What is asked of you next" for the seller dealer (docs/product/purchases.md#the-seller-dealers-view). */
export function sellerNextStepText(p: {
  status: PurchaseStatus;
  fulfilment: Fulfilment | null;
  releaseCode: string | null;
  titleReceived: boolean;
}): string | null {
  const title = p.titleReceived ? '' : ' Send the title to FieldLot.';
  switch (p.status) {
    case 'awaiting_payment':
    case 'paid':
      return 'Keep the tractor ready: FieldLot tells you when the buyer has paid and it is released';
    case 'released':
      return `Hand the tractor over only to ${p.fulfilment === 'delivery' ? "FieldLot's carrier" : "the buyer's truck"} showing release code ${p.releaseCode ?? ''}.${title}`;
    case 'picked_up':
    case 'delivered':
    case 'title_sent':
    case 'in_dispute':
      return p.titleReceived ? null : 'Send the title to FieldLot.';
    default:
      return null;
  }
}

/**
 * docs/product/purchases.md#the-seller-dealers-view: a purchase of the seller dealer's own listing, read-only: status,
 * timeline, price, the seller fee, proceeds from the ledger (docs/product/purchases.md#paying-the-seller) and the buyer's company and contact for the handover.
 */
export const soldPurchaseSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    offerId: z.string(),
    listingId: z.string(),
    status: z.enum(PURCHASE_STATUSES),
    tractor: z.string(),
    priceCents: z.number(),
    sellerFeeCents: z.number(),
    ...sellerMoneyShape,
    buyer: z.object({ name: z.string(), email: z.string(), companyName: z.string() }),
    cancelReason: z.string().nullable(),
    /** The handover: the driver shows this code (from release on); collection or FieldLot's carrier. */
    ...purchaseSchema.pick({ fulfilment: true, releaseCode: true, carrier: true, pickupDate: true }).shape,
    titleReceivedAt: z.string().nullable(),
    nextStep: z.string().nullable(),
    timeline: z.array(timelineItem),
    createdAt: z.string(),
  })
  .meta({ id: 'SoldPurchase' });
export type SoldPurchase = z.infer<typeof soldPurchaseSchema>;
export const soldPurchaseListSchema = z.object({ items: z.array(soldPurchaseSchema) });

/** Viewers of a dealership see its purchases; only the owner and buyers choose delivery or open a claim. */
export const VIEWER_PURCHASE_TEXT =
  "Viewers can see the dealership's purchases but cannot choose delivery or open a claim. Ask your dealership's owner for the buyer role.";
