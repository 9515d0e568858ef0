// No zod here: the SPA's first chunk reads these names, and the schemas would pull zod into it.
/** The session and anti-forgery cookies and header, shared by the server (sets, checks) and the SPA (reads). */

/** The SPA echoes the anti-forgery cookie's value in this header on every state-changing request. */
export const CSRF_HEADER = 'x-csrf-token';

const PRODUCTION_COOKIES = { session: '__Host-fieldlot_session', csrf: '__Host-fieldlot_csrf' } as const;
const DEVELOPMENT_COOKIES = { session: 'fieldlot_session', csrf: 'fieldlot_csrf' } as const;

/** __Host- binds the cookie to this exact origin over HTTPS (docs/product/security.md#sessions); plain HTTP in development. */
export function cookieNames(production: boolean): { session: string; csrf: string } {
  return production ? PRODUCTION_COOKIES : DEVELOPMENT_COOKIES;
}

/** Every name the anti-forgery cookie may have (the SPA does not know which mode the server runs in). */
export const CSRF_COOKIE_NAMES: readonly string[] = [PRODUCTION_COOKIES.csrf, DEVELOPMENT_COOKIES.csrf];

/**
 * The reader's time zone, which the web app writes on every start (not a secret, not a session): the server renders
 * a signed-in page's dates in it, as the browser then does (decision 0058).
 */
export const TIME_ZONE_COOKIE = 'fieldlot_tz';

/** Over https it carries the __Host- prefix, as every other cookie of ours does there (Secure, path /, no domain). */
export const timeZoneCookieName = (https: boolean) =>
  https ? `__Host-${TIME_ZONE_COOKIE}` : TIME_ZONE_COOKIE;
export const TIME_ZONE_COOKIE_NAMES: readonly string[] = [
  timeZoneCookieName(true),
  timeZoneCookieName(false),
];

/** Zone names parseTimeZone has found real, as Intl spells them. */
const canonicalZones = new Set<string>();

/** The time zone a cookie names, when it is a real IANA zone ("America/Chicago"); null for anything else. */
export function parseTimeZone(value: string | undefined): string | null {
  if (!value || !/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return null;
  // Checked once per zone: every signed-in page the server renders reads this cookie. Only names already spelled
  // as Intl spells them are kept, so the set is bounded by the zones there are, whatever the cookies say.
  if (canonicalZones.has(value)) return value;
  try {
    const zone = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
    if (zone === value) canonicalZones.add(zone);
    return zone;
  } catch {
    return null;
  }
}
