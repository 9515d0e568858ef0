// The listing's side of a sale, called by the purchases module through index.ts (docs/product/purchases.md).
import { LISTING_STAGE_TRANSITIONS, listingStage, returnAction } from '../../../../domain/dealer-listings.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { lockListingStage, markListingSold, returnToDraft } from './listings.repository.js';

export const ALREADY_SOLD = 'This tractor has already been sold';

/** Sells an active listing in the accepting transaction; refuses when it is not active any more. */
export async function sellListing(tx: Tx, a: { listingId: string; buyerUserId: string; now: Date }) {
  if ((await markListingSold(tx, a.listingId, a.now, a.buyerUserId)) === 0)
    throw new AppError('CONFLICT', ALREADY_SOLD);
}

/**
 * docs/product/purchases.md#status-machine: the sale undone. The listing's machine (domain/dealer-listings.ts):
 * a dealer's listing sold -> Draft, FieldLot's own sold -> inactive. Any other stage is left as it is.
 */
export async function unsellListing(tx: Tx, a: { listingId: string; now: Date }) {
  const listing = await lockListingStage(tx, a.listingId);
  if (!listing) return;
  const t = LISTING_STAGE_TRANSITIONS[returnAction(listing.sellerUserId !== null)];
  if (!t.from.includes(listingStage(listing))) return;
  await returnToDraft(tx, {
    listingId: a.listingId,
    reviewStatus: t.to === 'draft' ? 'draft' : null,
    now: a.now,
  });
}
