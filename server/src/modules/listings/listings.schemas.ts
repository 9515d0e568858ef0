import { z } from 'zod';

// The request and response shapes live in domain/ (the SPA uses the same); this file keeps the server's own.
export {
  adminPageSchema,
  dealerPageSchema,
  detailSchema,
  firstLookCardsSchema,
  type ListingDetail as DetailDto,
  type ListingImage as ImageDto,
  type ListingInput,
  type ListingPatch,
  listingInputSchema,
  listingPatchSchema,
  publicPageSchema,
} from '../../../../domain/listing-schemas.js';
export {
  adminQuerySchema,
  dealerQuerySchema,
  type ListingQuery,
  publicQuerySchema,
  type Sort,
} from '../../../../domain/listing-search.js';

export const PAGE_SIZE = 24;
export const ADMIN_PAGE_SIZE = 50;

export const idParams = z.object({ id: z.uuid('Invalid listing id') });
export const imageParams = z.object({
  id: z.uuid('Invalid listing id'),
  imageId: z.uuid('Invalid image id'),
});
