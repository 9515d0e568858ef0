import { hmac, randomToken, safeEqual } from '../../lib/crypto.js';

/**
 * OWASP "device cookies": a browser that signed in to an account holds a cookie signed for that account.
 * Its sign-in, reset and link attempts count in the cookie's own bucket, so failures sprayed at the
 * account from elsewhere never lock that browser out (decision 0012).
 */
export const DEVICE_COOKIE_MS = 180 * 24 * 3600_000;

/** One cookie per account (a browser may be trusted by several); the name does not reveal the address. */
export function deviceCookieName(secret: string, email: string, production: boolean): string {
  const id = hmac(secret, `device-name|${email}`).slice(0, 16);
  return `${production ? '__Host-' : ''}fieldlot_device_${id}`;
}

/** A new cookie value for `email`: a random nonce and its signature. */
export function newDeviceCookie(secret: string, email: string): string {
  const nonce = randomToken(16);
  return `${nonce}.${hmac(secret, `device|${email}|${nonce}`)}`;
}

/** The cookie's nonce when it is validly signed for `email`, else null (treated as an unknown client). */
export function verifyDeviceCookie(secret: string, email: string, value: string | undefined): string | null {
  if (!value || value.length > 200) return null;
  const [nonce, signature, extra] = value.split('.');
  if (!nonce || !signature || extra !== undefined) return null;
  return safeEqual(signature, hmac(secret, `device|${email}|${nonce}`)) ? nonce : null;
}
