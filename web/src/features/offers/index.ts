import { lazy } from 'react';

/** The offers feature's public surface for other features (the detail page, the admin dashboard). */
export { OfferHistory, OfferPanel } from './components/offer-panel';

/** The admin Offers tab, a chunk of its own, loaded on first view. */
export const AdminOffersTab = lazy(() =>
  import('./components/admin-offers-tab').then((m) => ({ default: m.AdminOffersTab })),
);
