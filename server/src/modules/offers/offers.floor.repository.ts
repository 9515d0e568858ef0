import { and, desc, eq, gt, inArray, or } from 'drizzle-orm';
import { FLOOR_COUNTED_ENDINGS } from '../../../../domain/offer-floor.js';
import { OPEN_OFFER_STATUSES } from '../../../../domain/offers.js';
import type { Executor } from '../../db/client.js';
import { offers } from '../../db/schema.js';

/**
 * The offers a dealership (an admin acting as a buyer: that user) made on a listing that count toward the floor
 * rules, newest first: ended without a sale since `since` (rejected, expired, withdrawn or replaced; an offer
 * under the floor among them) or still open. The SQL twin of `countsTowardFloorRules` (domain/offer-floor.ts,
 * decisions 0039 and 0070).
 */
export async function declinedOffers(
  exec: Executor,
  who: { dealershipId: string | null; buyerUserId: string },
  listingId: string,
  since: Date,
): Promise<{ amountCents: number }[]> {
  return exec
    .select({ amountCents: offers.offerAmountCents })
    .from(offers)
    .where(
      and(
        eq(offers.listingId, listingId),
        who.dealershipId
          ? eq(offers.dealershipId, who.dealershipId)
          : eq(offers.buyerUserId, who.buyerUserId),
        eq(offers.offerType, 'offer'),
        or(
          inArray(offers.status, [...OPEN_OFFER_STATUSES]),
          and(inArray(offers.status, [...FLOOR_COUNTED_ENDINGS]), gt(offers.updatedAt, since)),
        ),
      ),
    )
    .orderBy(desc(offers.updatedAt), desc(offers.id));
}
