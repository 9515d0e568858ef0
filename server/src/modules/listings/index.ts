// The listings module's public file: what other modules may use (they import nothing else from this folder).
export { IMAGE_MAX_BYTES } from './image-files.js';
export { addListingImageFromBuffer } from './images.service.js';
export { markListingSold } from './listings.repository.js';
export { listingsRoutes } from './listings.routes.js';
