/** The offers module's public surface. Rules and API shapes live in domain/offers.ts and domain/offers.schemas.ts. */

/**
 * The buyer's offer e-mail, for tests of other modules that check what a buyer is told (a dealer-seller's
 * floor price).
 */
export { type DealPurchase, OFFER_UPDATE } from './offers.mail.js';
export { returnOffer } from './offers.repository.js';
export { offersRoutes } from './offers.routes.js';
// The sale is the purchases module's (docs/product/purchases.md#purchase); it asks offers for these.
export { endOffersBySale, type SaleOfferRow, saleMails, saleOffer } from './offers.sale.js';
// "Download all our data" (docs/product/accounts.md#download-all-our-data): offers on a seller's tractors as the
// seller's screen shows them (the buyer "A dealer in Iowa" until the sale).
export { expireDueOffers, listSellerOffers } from './offers.service.js';
// A Timed Sale's win, opened as an accepted offer (docs/product/timed-sale.md#the-close).
export { acceptTimedSaleWin, IN_TIMED_SALE } from './offers.timed-sale.js';
