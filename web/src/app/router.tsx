import { SPA_ROUTES, type SpaRoute } from '@domain/routes';
import type { RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './route-error';

type Page = NonNullable<RouteObject['lazy']>;

/** The page of every route in domain/routes.ts (a route without a page, or a page without a route, fails typecheck). */
const PAGES: Record<SpaRoute, Page> = {
  '/': () => import('./routes/home'),
  '/apply': () => import('./routes/apply'),
  '/pending-approval': () => import('./routes/pending-approval'),
  '/browse-listings': () => import('./routes/browse-listings'),
  '/my-account': () => import('./routes/my-account'),
  '/my-offers': () => import('./routes/my-offers'),
  '/purchased-inventory': () => import('./routes/purchased-inventory'),
  '/watchlist': () => import('./routes/watchlist'),
  '/saved-searches': () => import('./routes/saved-searches'),
  '/want-lists': () => import('./routes/want-lists'),
  '/want-lists/matches': () => import('./routes/want-list-matches'),
  '/my-listings': () => import('./routes/my-listings'),
  '/my-listings/:id': () => import('./routes/my-listings'),
  '/team': () => import('./routes/team'),
  '/team/join': () => import('./routes/team-join'),
  '/data-export': () => import('./routes/data-export'),
  '/admin': () => import('./routes/admin'),
  '/admin/money': () => import('./routes/admin-money'),
  '/admin-login': () => import('./routes/admin-login'),
  '/sell-your-tractor': () => import('./routes/sell-your-tractor'),
  '/farmer-offer/:token': () => import('./routes/farmer-offer'),
  '/tractor/:id': () => import('./routes/tractor-detail'),
  '/tractor/:id/report': () => import('./routes/tractor-report'),
  '/inspect': () => import('./routes/inspect'),
  '/inspect/:listingId': () => import('./routes/inspect-listing'),
  '/email-auth': () => import('./routes/email-auth'),
  '/auth-redirect': () => import('./routes/auth-redirect'),
  '/reset-password': () => import('./routes/reset-password'),
  '/unsubscribe': () => import('./routes/unsubscribe'),
  '/privacy-policy': () => import('./routes/privacy-policy'),
  '/terms-of-service': () => import('./routes/terms-of-service'),
  '/dealer-benefits': () => import('./routes/dealer-benefits'),
  '/contact': () => import('./routes/contact'),
  '/logo-download': () => import('./routes/logo-download'),
  '/market': () => import('./routes/market'),
  '/market/:make/:family': () => import('./routes/market-family'),
  '/sales': () => import('./routes/sales'),
  '/sales/:id': () => import('./routes/sale-run-list'),
};

/** Every route of the product (docs/product/README.md; unknown paths: public-site.md#not-found); each page is its own lazily loaded chunk. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <RootLayout loading />,
    errorElement: <RouteError />,
    children: [
      ...SPA_ROUTES.map((path) => ({ path, lazy: PAGES[path] })),
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];
