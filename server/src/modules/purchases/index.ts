/** The purchases module's public surface (docs/product/purchases.md): an accepted offer opens a purchase here. */

export { feesEarnedByMonth } from './purchases.money.js';
export { purchasesRoutes } from './purchases.routes.js';
export { createPurchaseForAcceptedOffer, purchasesSubscriptions } from './purchases.service.js';
export { zipPlace } from './zip-places.js';
