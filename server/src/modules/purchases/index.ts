/** The purchases module's public surface (docs/product/purchases.md): an accepted offer opens a purchase here. */

// "Download all our data" (docs/product/accounts.md#download-all-our-data): documents and the seller's view.
export { boughtPurchaseDocuments, type DocumentFile } from './purchases.exports.js';
export { feesEarnedByMonth } from './purchases.money.js';
export { soldPurchases } from './purchases.read-model.js';
export { purchasesRoutes } from './purchases.routes.js';
export { createPurchaseForAcceptedOffer, purchasesSubscriptions } from './purchases.service.js';
export { zipPlace } from './zip-places.js';
