import type { RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './route-error';

/** Every route of the product (docs/product/README.md; unknown paths: public-site.md#not-found); each page is its own lazily loaded chunk. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <RootLayout loading />,
    errorElement: <RouteError />,
    children: [
      { path: '/', lazy: () => import('./routes/home') },
      { path: '/apply', lazy: () => import('./routes/apply') },
      { path: '/pending-approval', lazy: () => import('./routes/pending-approval') },
      { path: '/browse-listings', lazy: () => import('./routes/browse-listings') },
      { path: '/my-account', lazy: () => import('./routes/my-account') },
      { path: '/my-offers', lazy: () => import('./routes/my-offers') },
      { path: '/purchased-inventory', lazy: () => import('./routes/purchased-inventory') },
      { path: '/watchlist', lazy: () => import('./routes/watchlist') },
      { path: '/saved-searches', lazy: () => import('./routes/saved-searches') },
      { path: '/my-listings/:id?', lazy: () => import('./routes/my-listings') },
      { path: '/team', lazy: () => import('./routes/team') },
      { path: '/team/join', lazy: () => import('./routes/team-join') },
      { path: '/admin', lazy: () => import('./routes/admin') },
      { path: '/admin-login', lazy: () => import('./routes/admin-login') },
      { path: '/sell-your-tractor', lazy: () => import('./routes/sell-your-tractor') },
      { path: '/tractor/:id', lazy: () => import('./routes/tractor-detail') },
      { path: '/tractor/:id/report', lazy: () => import('./routes/tractor-report') },
      { path: '/inspect', lazy: () => import('./routes/inspect') },
      { path: '/inspect/:listingId', lazy: () => import('./routes/inspect-listing') },
      { path: '/email-auth', lazy: () => import('./routes/email-auth') },
      { path: '/auth-redirect', lazy: () => import('./routes/auth-redirect') },
      { path: '/reset-password', lazy: () => import('./routes/reset-password') },
      { path: '/unsubscribe', lazy: () => import('./routes/unsubscribe') },
      { path: '/privacy-policy', lazy: () => import('./routes/privacy-policy') },
      { path: '/terms-of-service', lazy: () => import('./routes/terms-of-service') },
      { path: '/dealer-benefits', lazy: () => import('./routes/dealer-benefits') },
      { path: '/contact', lazy: () => import('./routes/contact') },
      { path: '/logo-download', lazy: () => import('./routes/logo-download') },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];
