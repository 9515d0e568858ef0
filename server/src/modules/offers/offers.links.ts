import type { AppContext } from '../../lib/context.js';

/**
 * The link an offer e-mail carries: the listing's own address, nothing else (decision 0010). It never expires
 * and no later e-mail can void it: signed in, the page opens; signed out, the page asks to sign in and stays
 * there. One-time sign-in links are sent only when someone asks for one ("E-mail me a sign-in link").
 */
export function listingLink(ctx: AppContext, listingId: string): string {
  return `${ctx.config.publicUrl}/tractor/${listingId}`;
}
