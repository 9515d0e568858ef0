import { lazy } from 'react';

/** The offers feature's public surface for other features (the detail page, the admin dashboard). */
export { OfferHistory, OfferPanel } from './components/offer-panel-entry';

/** The admin Offers tab, a chunk of its own, loaded on first view. */
export const AdminOffersTab = lazy(() =>
  import('./components/admin-offers-tab').then((m) => ({ default: m.AdminOffersTab })),
);

/**
 * The seller's offers on their own listings (dealer-selling.md#offers-on-your-tractors), loaded with the My
 * Listings page.
 */
export const SellerOffers = lazy(() =>
  import('./components/seller-offers').then((m) => ({ default: m.SellerOffers })),
);

/** For Purchased Inventory (features/purchases): the tractor thumbnail. */
export { TractorThumb } from './components/tractor-thumb';
