import type { Tx } from '../../db/client.js';
import type { AppContext } from '../../lib/context.js';
import { issueSignInLink } from '../auth/auth.service.js';

/**
 * The link an offer e-mail carries: a one-time sign-in link (accounts module) that opens the listing after
 * signing the dealer in; the plain listing URL for anyone who may not sign in.
 */
export async function listingLink(
  ctx: AppContext,
  tx: Tx,
  user: { id: string; email: string; status: string },
  listingId: string,
): Promise<string> {
  if (user.status !== 'approved' && user.status !== 'admin')
    return `${ctx.config.publicUrl}/tractor/${listingId}`;
  const path = await issueSignInLink(tx, ctx, {
    userId: user.id,
    email: user.email,
    listingId,
    style: 'auth-redirect',
  });
  return `${ctx.config.publicUrl}${path}`;
}
