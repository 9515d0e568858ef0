import { z } from 'zod';
import { CREDIT_BEARERS } from './ledger';
import { buyerMoneySchema, creditAnswerFields, moneyMoveSchema, sellerMoneyShape } from './ledger-api';
import { listingSummarySchema } from './offers.schemas';
import { amountCents, isoDate, PAYMENT_METHODS } from './payment-terms';
import { FULFILMENTS, PURCHASE_ACTIONS, PURCHASE_STATUSES } from './purchases';

/**
 * The purchase's API shapes (docs/product/purchases.md): request bodies, parameters and answers, as zod schemas.
 * Kept apart from the rules in purchases.ts, so a screen that needs a label or a rule does not build them
 * (decision 0062).
 */

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

// ---------------------------------------------------------------- requests

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

export const claimBody = z.object({
  checkpoints: z
    .array(z.string().max(80))
    .min(1, 'Pick the checkpoints that differ, or "Not in report"')
    .max(60),
  description: z.string().trim().min(10, 'Describe what differs (at least 10 characters)').max(4000),
});
export type ClaimBody = z.infer<typeof claimBody>;

export const claimAnswerBody = z.discriminatedUnion('answer', [
  z.object({ answer: z.literal('credit'), amount: amountCents('Credit'), ...creditAnswerFields }),
  z.object({ answer: z.literal('return'), reason: reasonBody.shape.reason }),
  z.object({ answer: z.literal('deny'), reason: reasonBody.shape.reason }),
]);
export type ClaimAnswerBody = z.input<typeof claimAnswerBody>;

export const purchaseIdParams = z.object({ purchaseId: z.uuid('Purchase not found') });

/** A claim photo file is `{photo id}-{width}.webp`; the id is the last part of its storage key. */
export const claimPhotoFile = z
  .string()
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-(400|800|1600)\.webp$/,
    'Photo not found',
  );
export const claimPhotoParams = purchaseIdParams.extend({ file: claimPhotoFile });
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
    /**
     * The purchase's one set of money figures, from the ledger (`buyerMoneyOf` of `ledgerSummary`), with its
     * balance line; before the invoice, the price and buyer fee are the sale's terms (decision 0076).
     */
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
    offerAmountCents: p.money.priceCents,
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
export const landedCostSchema = z.object({
  priceCents: z.number(),
  buyerFeeCents: z.number(),
  delivery: z.object({ cents: z.number(), miles: z.number(), text: z.string() }).nullable(),
  /** Why there is no delivery estimate: no address on file, or the tractor has no ZIP. */
  missing: z.enum(['address', 'listing_zip']).nullable(),
  totalCents: z.number(),
});
export type LandedCost = z.infer<typeof landedCostSchema>;

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
