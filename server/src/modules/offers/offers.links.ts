import type { Tx } from '../../db/client.js';
import type { AppContext } from '../../lib/context.js';

/**
 * The link an offer e-mail carries to open the listing. Until the accounts module offers a way to mint a
 * sign-in link token, this is the plain listing URL (the dealer signs in there if needed).
 */
export async function listingLink(
  ctx: AppContext,
  _tx: Tx,
  _userId: string,
  listingId: string,
): Promise<string> {
  return `${ctx.config.publicUrl}/tractor/${listingId}`;
}
