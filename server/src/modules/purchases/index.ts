/** The purchases module's public surface (docs/product/purchases.md): the offers module opens a purchase here. */
export { purchasesRoutes } from './purchases.routes.js';
export { createPurchaseForAcceptedOffer } from './purchases.service.js';
