// The listing lifecycle's API shapes (docs/product/dealer-selling.md), apart from its rules in dealer-listings.ts:
// a screen that needs only a stage's label or actions does not build these schemas as it starts (decision 0061).
import { z } from 'zod';
import { LISTING_STAGES } from './dealer-listings.js';
import { detailSchema, imageSchema } from './listing-schemas.js';

export const requestChangesBody = z.object({
  reason: z
    .string({ error: 'Please say what needs to change' })
    .trim()
    .min(1, 'Please say what needs to change')
    .max(2000, 'Reason must be at most 2000 characters'),
});
export const approveBody = z
  .object({
    /** Needed when the tractor has no published condition report: it goes live "Sold as-is, not inspected". */
    asIsReason: z.string().trim().max(500, 'Reason must be at most 500 characters').optional(),
  })
  .optional()
  .nullable();

const bestOfferSchema = z.object({ amountCents: z.number(), status: z.string() }).nullable();

export const myListingSchema = z.object({
  id: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number(),
  hours: z.number(),
  location: z.string(),
  /** The seller's own word; a published report's grade decides the word shown (docs/decisions/0042-hours-corrected-at-inspection.md). */
  condition: z.string(),
  /** The published condition report's grade; null until one is. */
  grade: z.number().nullable(),
  /** "Hours corrected from 2,900 to 4,321 at inspection"; null when never corrected. */
  hoursNotice: z.string().nullable(),
  priceCents: z.number(),
  floorPriceCents: z.number().nullable(),
  stage: z.enum(LISTING_STAGES),
  changeRequestReason: z.string().nullable(),
  image: z.object({ src: z.string(), srcSet: z.string() }).nullable(),
  imageCount: z.number(),
  offerCount: z.number(),
  /** Dealers watching it (docs/product/dealer-tools.md#watchlist). */
  watchCount: z.number(),
  openOfferCount: z.number(),
  bestOpenOffer: bestOfferSchema,
  /** Sold: the sale price, the fee and what the seller receives. */
  sale: z.object({ priceCents: z.number(), feeCents: z.number(), proceedsCents: z.number() }).nullable(),
  updatedAt: z.string(),
});
export type MyListing = z.infer<typeof myListingSchema>;
export const myListingsSchema = z.object({
  items: z.array(myListingSchema),
  sellerFeeCents: z.number(),
});
export type MyListings = z.infer<typeof myListingsSchema>;

/** One of the seller's listings for the edit form (every field, with the floor price). */
export const myListingDetailSchema = z.object({
  /** The listing as its detail page has it (the edit form's values). */
  listing: detailSchema,
  floorPriceCents: z.number().nullable(),
  stage: z.enum(LISTING_STAGES),
  changeRequestReason: z.string().nullable(),
  images: z.array(imageSchema),
  sellerFeeCents: z.number(),
});
export type MyListingDetail = z.infer<typeof myListingDetailSchema>;

export const stageAnswer = z.object({ id: z.string(), stage: z.enum(LISTING_STAGES) });

export const contactSchema = z.object({
  name: z.string(),
  email: z.string(),
  companyName: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

/** An offer on one of the seller's listings: the buyer anonymous until the sale. */
export const sellerOfferSchema = z.object({
  id: z.string(),
  listingId: z.string(),
  tractor: z.string(),
  offerType: z.string(),
  status: z.string(),
  offerAmountCents: z.number(),
  originalPriceCents: z.number(),
  counterOfferAmountCents: z.number().nullable(),
  message: z.string(),
  buyerLabel: z.string(),
  /** Only once this offer is accepted (the sale): the buyer's company and contact. */
  buyer: contactSchema.nullable(),
  /** When an open offer or counter expires, as the buyer sees it (docs/product/dealer-tools.md#offers-that-expire). */
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SellerOffer = z.infer<typeof sellerOfferSchema>;
export const sellerOffersSchema = z.object({
  items: z.array(sellerOfferSchema),
  sellerFeeCents: z.number(),
});
export type SellerOffers = z.infer<typeof sellerOffersSchema>;
