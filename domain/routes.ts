/**
 * Every SPA route (docs/product/README.md lists the pages; unknown paths: public-site.md#not-found): the web
 * router is built from this list (one page per entry, checked by the type of its page table) and the server
 * answers 404 (and logs the path) for anything else.
 */
export const SPA_ROUTES = [
  '/',
  '/apply',
  '/pending-approval',
  '/browse-listings',
  '/my-account',
  '/my-offers',
  '/purchased-inventory',
  '/watchlist',
  '/saved-searches',
  '/want-lists',
  '/want-lists/matches',
  '/my-listings',
  '/my-listings/:id',
  '/team',
  '/team/join',
  '/data-export',
  '/admin',
  '/admin/money',
  '/admin-login',
  '/sell-your-tractor',
  '/farmer-offer/:token',
  '/tractor/:id',
  '/tractor/:id/report',
  '/inspect',
  '/inspect/:listingId',
  '/email-auth',
  '/auth-redirect',
  '/reset-password',
  '/unsubscribe',
  '/privacy-policy',
  '/terms-of-service',
  '/dealer-benefits',
  '/contact',
  '/logo-download',
  '/market',
  '/market/:make/:family',
  '/sales',
  '/sales/:id',
] as const;

export type SpaRoute = (typeof SPA_ROUTES)[number];

export function isSpaRoute(pathname: string): boolean {
  return spaRouteOf(pathname) !== null;
}

/** The SPA route a path belongs to (`/tractor/:id` for `/tractor/<uuid>`), or null when it is none. */
export function spaRouteOf(pathname: string): SpaRoute | null {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const parts = clean.split('/');
  return (
    SPA_ROUTES.find((route) => {
      const pattern = route.split('/');
      return (
        pattern.length === parts.length &&
        pattern.every((p, i) => (p.startsWith(':') ? parts[i].length > 0 : p === parts[i]))
      );
    }) ?? null
  );
}

// WHATWG URL exists in every runtime domain/ runs in (browsers, Node); domain/ has no DOM or Node types.
declare const URL: new (input: string, base: string) => { origin: string };

/**
 * A redirect target is only ever a path of this site: "/x", never "//host", "/\host" or anything a browser
 * could turn into another origin by dropping tabs and newlines ("/\t/host"). Null when not safe.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000 || !value.startsWith('/')) return null;
  // Browsers strip tab/newline and read "\" as "/" in URLs: refuse all of them, and every other control.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  if (/[\u0000-\u001F\u007F\\\s]/.test(value) || value.startsWith('//')) return null;
  try {
    const base = 'https://fieldlot.invalid';
    const url = new URL(value, base);
    return url.origin === base ? value : null;
  } catch {
    return null;
  }
}
