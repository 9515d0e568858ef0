import { OWN_DEALERSHIP_TEXT } from '../../../../domain/dealerships.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import * as repo from './dealerships.repository.js';

/**
 * No dealership deals with itself (docs/product/dealer-tools.md#dealership-teams, decision 0039): the checks the
 * offers, watchlist and purchases services make, dealership-wide, whichever member acts. The database has the
 * last word on a purchase (trigger purchases_not_self_dealing, migration 0020).
 */
export interface Dealer {
  userId: string;
  /** The dealership acting, when known (an offer's or a purchase's); else the user's membership is used. */
  dealershipId?: string | null;
}

/** Refuses (400) when the listing belongs to the dealer's own dealership. */
export async function refuseOwnDealershipListing(
  exec: Executor,
  dealer: Dealer,
  listingId: string,
  what: keyof typeof OWN_DEALERSHIP_TEXT,
): Promise<void> {
  if (await repo.listingOfBuyersDealership(exec, dealer, listingId))
    throw new AppError('VALIDATION', OWN_DEALERSHIP_TEXT[what]);
}

/** Refuses (400) when the seller belongs to the dealer's own dealership. */
export async function refuseOwnDealershipSeller(
  exec: Executor,
  dealer: Dealer,
  sellerUserId: string,
  what: keyof typeof OWN_DEALERSHIP_TEXT,
): Promise<void> {
  if (await repo.sellerInBuyersDealership(exec, dealer, sellerUserId))
    throw new AppError('VALIDATION', OWN_DEALERSHIP_TEXT[what]);
}

/** Whether the listing belongs to the dealer's own dealership (a Timed Sale's lot: the engine refuses the bid). */
export async function isOwnDealershipListing(
  exec: Executor,
  dealer: Dealer,
  listingId: string,
): Promise<boolean> {
  return repo.listingOfBuyersDealership(exec, dealer, listingId);
}
