/** The purchases service, split by concern (docs/product/purchases.md); the routes read it through this file. */
export * from './purchases.admin-steps.js';
export * from './purchases.buyer-steps.js';
export * from './purchases.claims.js';
export * from './purchases.documents.js';
export * from './purchases.money.js';
export * from './purchases.read-model.js';
export * from './purchases.sale.js';
export { PURCHASE_NOT_FOUND } from './purchases.shared.js';
