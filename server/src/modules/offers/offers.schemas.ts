import { z } from 'zod';
import {
  type AdminOffer,
  OFFER_STATUSES,
  OFFER_TYPES,
  type Offer,
  type OfferListingSummary,
  type OfferParty,
  type OfferWithListing,
  type Purchase,
} from '../../../../domain/offers.js';

/** Request and response shapes of the offers API (money in integer cents, dates as ISO strings). */

export const MESSAGE_MAX = 2000;

/** Amounts arrive as whole dollars (string or number); the service parses them to cents (domain `parseDollarAmount`). */
const dollars = z.union([z.string().max(32), z.number()]);
const optionalMessage = z
  .string()
  .max(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX} characters`)
  .optional()
  .nullable();

export const createOfferBody = z.object({
  listingId: z.uuid('Please choose a tractor'),
  offerType: z.enum(OFFER_TYPES, 'Please choose Make an Offer or Buy Now'),
  amount: dollars.optional().nullable(),
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
  .object({ expectedStatus: z.enum(['pending', 'countered']).optional() })
  .optional()
  .nullable();

export const offerIdParams = z.object({ offerId: z.uuid('Offer not found') });
export const listingIdParams = z.object({ listingId: z.uuid('Tractor not found') });

export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'Idempotency-Key must be 8 to 100 letters, digits, - or _')
    .optional(),
});

export const listingSummarySchema = z.object({
  make: z.string(),
  model: z.string(),
  year: z.number(),
  location: z.string(),
  condition: z.string(),
  hours: z.number(),
  priceCents: z.number(),
  status: z.string(),
  imageUrl: z.string().nullable(),
}) satisfies z.ZodType<OfferListingSummary>;

export const offerSchema = z.object({
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
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<Offer>;
export type OfferView = z.infer<typeof offerSchema>;

export const offerWithListingSchema = offerSchema.extend({
  listing: listingSummarySchema,
}) satisfies z.ZodType<OfferWithListing>;
export type OfferWithListingView = z.infer<typeof offerWithListingSchema>;

const person = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  companyName: z.string(),
}) satisfies z.ZodType<OfferParty>;
export const adminOfferSchema = offerWithListingSchema.extend({
  buyer: person,
  seller: person,
}) satisfies z.ZodType<AdminOffer>;
export type AdminOfferView = z.infer<typeof adminOfferSchema>;

export const purchaseSchema = z.object({
  id: z.string(),
  listingId: z.string(),
  offerAmountCents: z.number(),
  acceptedAt: z.string().nullable(),
  createdAt: z.string(),
  listing: listingSummarySchema,
}) satisfies z.ZodType<Purchase>;
export type PurchaseView = z.infer<typeof purchaseSchema>;

export const offerListResponse = z.object({ offers: z.array(offerWithListingSchema) });
export const adminOfferListResponse = z.object({ offers: z.array(adminOfferSchema) });
export const purchaseListResponse = z.object({ purchases: z.array(purchaseSchema) });
export const offerResponse = z.object({ offer: offerSchema });
