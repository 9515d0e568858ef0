import { hmac, safeEqual } from './crypto.js';

/**
 * Unsubscribe links work without signing in (docs/product/notifications.md#unsubscribe): the token is the user id
 * signed with the session secret, so nobody can forge one for another address.
 */
const PREFIX = 'u1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function unsubscribeToken(secret: string, userId: string): string {
  return `${PREFIX}.${userId}.${hmac(secret, `unsubscribe:${PREFIX}:${userId}`)}`;
}

/** The user id the token was made for, or null when it is malformed or forged. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  const [prefix, userId, signature, ...rest] = token.split('.');
  if (prefix !== PREFIX || rest.length > 0 || !userId || !signature || !UUID.test(userId)) return null;
  return safeEqual(signature, hmac(secret, `unsubscribe:${PREFIX}:${userId}`)) ? userId : null;
}
