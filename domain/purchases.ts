import { longDateUtc } from './dates';
import type { ClaimCause } from './ledger';
import { formatDollars } from './money';

export {
  addBusinessDays,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from './payment-terms';

import { formatCount } from './numbers';

/**
 * After the deal (docs/product/purchases.md): the purchase an accepted offer becomes, its status machine, due
 * dates, numbers, the delivery estimate and the screens' words. Money in integer cents, dates as ISO strings.
 * The API shapes are in purchases-api.ts (decision 0062).
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

/**
 * Where a move leads (PURCHASE_TRANSITIONS): its status, the one before the dispute for `previous` (a claim
 * answered), null for `same` (a step that records a fact and keeps the status).
 */
export function purchaseStatusAfter(
  action: PurchaseAction,
  p: { statusBeforeDispute: PurchaseStatus | null },
): PurchaseStatus | null {
  const to = PURCHASE_TRANSITIONS[action].to;
  if (to === 'same') return null;
  if (to === 'previous') return p.statusBeforeDispute ?? 'delivered';
  return to;
}

/** Why a step is refused in the purchase's status: "Purchase FL-2026-000001 is not paid yet (Awaiting payment)". */
export function purchaseRefusal(
  action: PurchaseAction,
  p: { status: PurchaseStatus; number: string },
): string {
  const label = PURCHASE_STATUS_LABELS[p.status];
  if (p.status === 'cancelled') return `Purchase ${p.number} is cancelled`;
  if (action === 'release') return `Purchase ${p.number} is not paid yet (${label})`;
  if (action === 'pay') return `Purchase ${p.number} takes no payment now: it is ${label}`;
  return `Purchase ${p.number} cannot do that now: it is ${label}`;
}

/** What a purchase's actions depend on besides its status. */
export interface PurchaseFacts {
  status: PurchaseStatus;
  fulfilment: Fulfilment | null;
  /** The invoice is issued (the dealer chose collection or delivery): the ledger carries its charges. */
  invoiced: boolean;
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
    pay: p.invoiced,
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

/**
 * The credit note that voids an invoice when its purchase is cancelled: what the invoice still stands for, its
 * total less the credit notes already issued against it (a guarantee credit); 0 when nothing is left to void.
 */
export function voidingCreditCents(invoiceTotalCents: number, creditedCents: readonly number[]): number {
  return Math.max(0, invoiceTotalCents - creditedCents.reduce((sum, c) => sum + c, 0));
}

/**
 * What FieldLot owes the buyer once the purchase is cancelled (docs/product/purchases.md#cancel-and-return): every
 * charge and credit is reversed, so what they paid less what was refunded. The cancel dialog's preview; the
 * ledger's own `owedToBuyerCents` after the reversal is the same figure.
 */
export function owedToBuyerAfterCancelCents(m: { paidCents: number; refundedCents: number }): number {
  return Math.max(0, m.paidCents - m.refundedCents);
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

export const dateLabel = (iso: string) => longDateUtc(new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso));

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
  /** The quote before the invoice: "Delivered to Ames, IA 50010: about $520 (159 mi)". */
  text: string;
  /** The invoice's line, beside its exact amount: "Delivery to Ames, IA 50010 (159 mi)" (never "about"). */
  invoiceLine: string;
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
    invoiceLine: `Delivery to ${to.city}, ${to.state} ${to.zip} (${formatCount(miles)} mi)`,
  };
}

// ---------------------------------------------------------------- addresses

/** My Account's card for a team member: whose address it is and who manages it. */
export const DEALERSHIP_ADDRESS_TITLE = "Your Dealership's Address";
export const dealershipAddressText = (dealership: string, owner: string) =>
  `This is ${dealership}'s delivery address, managed by the dealership's owner, ${owner}. Every delivery estimate and delivery uses it; ask ${owner} to change it.`;

// ---------------------------------------------------------------- fulfilment and claims

export const FULFILMENTS = ['collect', 'delivery'] as const;
export type Fulfilment = (typeof FULFILMENTS)[number];
export const FULFILMENT_LABELS: Record<Fulfilment, string> = {
  collect: "I'll collect it",
  delivery: 'FieldLot delivers',
};

export const NOT_IN_REPORT = 'not_in_report';
export const CLAIM_ANSWERS = ['credit', 'return', 'deny'] as const;
/**
 * docs/decisions/0035-who-bears-a-credit.md: a claim on checkpoints of the published report is a defect the report
 * missed (FieldLot's inspection); one only "Not in report" is a defect the seller declared otherwise.
 */
export function claimCause(checkpoints: readonly string[]): ClaimCause {
  return checkpoints.some((c) => c !== NOT_IN_REPORT) ? 'missed_by_report' : 'declared_otherwise_by_seller';
}

/** Claim photo variants (docs/product/purchases.md#inspection-guarantee): a thumbnail and the full size. */
export const CLAIM_PHOTO_WIDTHS = { thumb: 400, full: 1600 } as const;
export const claimPhotoUrl = (purchaseId: string, photoId: string, width: number) =>
  `/api/purchases/${purchaseId}/claims/photos/${photoId}-${width}.webp`;

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

/** "What is due next" for the dealer, as the screen and e-mails say it. */
export function nextStepText(p: {
  status: PurchaseStatus;
  fulfilment: Fulfilment | null;
  balanceCents: number | null;
  dueDate: string;
  /** When FieldLot recorded the seller's title (null until then). */
  titleReceivedAt?: string | Date | null;
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
      // Once the admin records the title, it is no longer on its way from the seller.
      return p.titleReceivedAt
        ? 'FieldLot has received the title and sends it to you next'
        : 'The title is on its way from the seller';
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

/** Viewers of a dealership see its purchases; only the owner and buyers choose delivery or open a claim. */
export const VIEWER_PURCHASE_TEXT =
  "Viewers can see the dealership's purchases but cannot choose delivery or open a claim. Ask your dealership's owner for the buyer role.";

/**
 * docs/product/purchases.md#paying-the-seller: the seller is paid once the buyer's guarantee is over. A payout while
 * the buyer may still claim is refused unless the admin gives a reason: this is the refusal, or null when the
 * window is over (or has not started: the ledger refuses a payout before the tractor is collected anyway).
 */
export function earlyPayoutRefusal(guaranteeEndsAt: Date | string | null, now: Date): string | null {
  if (!guaranteeEndsAt || now >= new Date(guaranteeEndsAt)) return null;
  const end = typeof guaranteeEndsAt === 'string' ? guaranteeEndsAt : guaranteeEndsAt.toISOString();
  return `The buyer can claim until ${dateLabel(end)}; give a reason to pay the seller before then`;
}

/**
 * The seller's payout line while the buyer's guarantee is open and it ends after the payout's due date (or none is
 * due yet): "Payout after the buyer's guarantee ends on December 5, 2026". Null otherwise.
 */
export function payoutAfterGuaranteeText(
  guaranteeEndsAt: Date | string | null,
  dueDate: string | null,
  now: Date,
): string | null {
  if (!guaranteeEndsAt || now >= new Date(guaranteeEndsAt)) return null;
  const end = typeof guaranteeEndsAt === 'string' ? guaranteeEndsAt : guaranteeEndsAt.toISOString();
  if (dueDate && dueDate > end.slice(0, 10)) return null;
  return `Payout after the buyer's guarantee ends on ${dateLabel(end)}`;
}
