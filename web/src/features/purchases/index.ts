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
export const SoldPurchase = lazy(() =>
  import('./components/sold-purchase').then((m) => ({ default: m.SoldPurchase })),
);
