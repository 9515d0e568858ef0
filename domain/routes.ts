/** Every SPA route (docs/product/README.md lists the pages; unknown paths: public-site.md#not-found); the server answers 404 (and logs the path) for anything else. */
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
  '/my-listings',
  '/my-listings/:id',
  '/admin',
  '/admin-login',
  '/sell-your-tractor',
  '/tractor/:id',
  '/email-auth',
  '/auth-redirect',
  '/reset-password',
  '/unsubscribe',
  '/privacy-policy',
  '/terms-of-service',
  '/dealer-benefits',
  '/contact',
  '/logo-download',
] as const;

export function isSpaRoute(pathname: string): boolean {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SPA_ROUTES.some((route) => {
    if (!route.includes(':')) return route === clean;
    const prefix = route.slice(0, route.indexOf(':'));
    const rest = clean.slice(prefix.length);
    return clean.startsWith(prefix) && rest.length > 0 && !rest.includes('/');
  });
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
