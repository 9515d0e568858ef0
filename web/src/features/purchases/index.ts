import { lazy } from 'react';

// The purchases feature's public surface (docs/product/purchases.md). Screens are their own chunks.
export const AdminPurchasesTab = lazy(() =>
  import('./components/admin-purchases-tab').then((m) => ({ default: m.AdminPurchasesTab })),
);
export const PurchaseCounts = lazy(() =>
  import('./components/admin-purchases-tab').then((m) => ({ default: m.PurchaseCounts })),
);
export const LandedCost = lazy(() =>
  import('./components/landed-cost').then((m) => ({ default: m.LandedCost })),
);
export const DeliveryAddressCard = lazy(() =>
  import('./components/delivery-address-card').then((m) => ({ default: m.DeliveryAddressCard })),
);
const soldPurchaseChunk = () => import('./components/sold-purchase');
export const SoldPurchase = lazy(() => soldPurchaseChunk().then((m) => ({ default: m.SoldPurchase })));
/** Starts the sold purchase's chunk early (My Listings, beside its list's data). */
export const preloadSoldPurchase = () => void soldPurchaseChunk();
export { useSoldPurchasesSettled } from './api/purchases';
