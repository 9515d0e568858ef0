import { z } from 'zod';
import { OFFER_STATUSES, OFFER_TYPES, OPEN_OFFER_STATUSES } from './offers';

/**
 * Request and response shapes of the offers API (money in integer cents, dates as ISO strings): the server's
 * route schemas and the SPA's types.
 */

export const OFFER_MESSAGE_MAX = 2000;

/** Amounts arrive as whole dollars (string or number); the service applies `offerAmountSchema` (offers.ts). */
const dollars = z.union([z.string().max(32), z.number()]);
export const offerMessageSchema = z
  .string()
  .max(OFFER_MESSAGE_MAX, `Message must be at most ${OFFER_MESSAGE_MAX} characters`);
const optionalMessage = offerMessageSchema.optional().nullable();

export const createOfferBody = z.object({
  listingId: z.uuid('Please choose a tractor'),
  offerType: z.enum(OFFER_TYPES, 'Please choose Make an Offer or Buy Now'),
  amount: dollars.optional().nullable(),
  /**
   * Buy Now: the asking price the buyer saw and confirmed, in cents (docs/product/offers.md#buy-now); a listing
   * priced otherwise now is refused with 409, nothing bought.
   */
  askingCents: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().nullable(),
  message: optionalMessage,
});
export type CreateOfferBody = z.infer<typeof createOfferBody>;

export const counterBody = z.object({
  amount: dollars.optional().nullable(),
  message: optionalMessage,
});
export type CounterBody = z.infer<typeof counterBody>;

/** The status the buyer saw: if the offer moved on since (say, a counter arrived), the withdrawal is refused. */
export const withdrawBody = z
  .object({ expectedStatus: z.enum(OPEN_OFFER_STATUSES).optional() })
  .optional()
  .nullable();
export type WithdrawBody = z.infer<typeof withdrawBody>;

export const offerIdParams = z.object({ offerId: z.uuid('Offer not found') });
export const listingIdParams = z.object({ listingId: z.uuid('Tractor not found') });

export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'Idempotency-Key must be 8 to 100 letters, digits, - or _')
    .optional(),
});

/** The listing as an offer shows it. */
export const listingSummarySchema = z
  .object({
    make: z.string(),
    model: z.string(),
    year: z.number(),
    location: z.string(),
    condition: z.string(),
    hours: z.number(),
    priceCents: z.number(),
    status: z.string(),
    imageUrl: z.string().nullable(),
    /** "Sold as-is, not inspected": the admin's reason, shown wherever the tractor is (condition-reports.md). */
    asIsReason: z.string().nullable(),
  })
  .meta({ id: 'OfferListing' });
export type OfferListingSummary = z.infer<typeof listingSummarySchema>;

export const offerSchema = z
  .object({
    id: z.string(),
    listingId: z.string(),
    offerType: z.enum(OFFER_TYPES),
    status: z.enum(OFFER_STATUSES),
    offerAmountCents: z.number(),
    originalPriceCents: z.number(),
    message: z.string(),
    counterOfferAmountCents: z.number().nullable(),
    counterMessage: z.string().nullable(),
    acceptedAt: z.string().nullable(),
    /** When an open offer or counter expires (docs/product/dealer-tools.md#offers-that-expire). */
    expiresAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Offer' });
export type Offer = z.infer<typeof offerSchema>;

export const offerWithListingSchema = offerSchema
  .extend({
    listing: listingSummarySchema,
    /** The dealership member who made the offer ("by Dana Whitfield" on My Offers; dealer-tools.md). */
    actedBy: z.object({ id: z.string(), name: z.string() }),
  })
  .meta({ id: 'OfferWithListing' });
export type OfferWithListing = z.infer<typeof offerWithListingSchema>;

export const offerPartySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  companyName: z.string(),
});
export type OfferParty = z.infer<typeof offerPartySchema>;

export const adminOfferSchema = offerWithListingSchema
  .extend({
    buyer: offerPartySchema,
    seller: offerPartySchema,
  })
  .meta({ id: 'AdminOffer' });
export type AdminOffer = z.infer<typeof adminOfferSchema>;

export const offerListResponse = z.object({ offers: z.array(offerWithListingSchema) });
export type OfferListResponse = z.infer<typeof offerListResponse>;
export const adminOfferListResponse = z.object({ offers: z.array(adminOfferSchema) });
export type AdminOfferListResponse = z.infer<typeof adminOfferListResponse>;
export const offerResponse = z.object({ offer: offerSchema });
export type OfferResponse = z.infer<typeof offerResponse>;
