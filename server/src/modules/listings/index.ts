// The listings module's public file: what other modules may use (they import nothing else from this folder).

export {
  type FirstLookViewer,
  firstLookAdmits,
  firstLookEndsAt,
  firstLookHides,
  firstLookHidesFrom,
  firstLookOverAt,
  grantFirstLook,
  listingsSubscriptions,
} from './first-look.js';
export {
  IMAGE_MAX_BYTES,
  IMAGE_SIZE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  processImage,
  variantKey,
} from './image-files.js';
export { addListingImageFromBuffer, mediaVisibleTo } from './images.service.js';
export {
  copyPicturesForListing,
  type InquiryDraft,
  insertInquiryDraftListing,
  removeCopiedPictures,
  type StoredPicture,
} from './inquiry-drafts.js';
export { correctListingHours, setAsIs, setListingGrade } from './listings.repository.js';
export { listingsRoutes } from './listings.routes.js';
export { ALREADY_SOLD, sellListing, unsellListing } from './listings.sale.js';
export { canSeeListing, countInventoryMatches, imageSources } from './listings.service.js';
export { inventoryWrite } from './page-cache.js';
export { type TractorPageHints, tractorPageHints } from './page-hints.js';
// The inventory's filter rules over `tractor_listings l`, which the Timed Sale's run list filters by too.
export { filterConditions, type SearchFilters } from './search.js';
export { PHOTO_MISSING, readCappedFile, uploadedImage } from './uploaded-image.js';
