// The listings module's public surface for other modules (scripts/check-boundaries.ts).
export {
  IMAGE_MAX_BYTES,
  IMAGE_SIZE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  processImage,
  VARIANT_WIDTHS,
  variantKey,
} from './image-files.js';
export { imageSources, imageUrl } from './listings.service.js';
export { inventoryWrite } from './page-cache.js';
