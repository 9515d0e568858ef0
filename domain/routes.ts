/** Every SPA route of SPEC.md section 2; the server answers 404 (and logs the path) for anything else. */
export const SPA_ROUTES = [
  '/',
  '/apply',
  '/pending-approval',
  '/browse-listings',
  '/my-account',
  '/my-offers',
  '/purchased-inventory',
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
