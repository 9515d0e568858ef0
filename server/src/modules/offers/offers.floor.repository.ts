import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { offers } from '../../db/schema.js';

/**
 * The offers a dealership (an admin acting as a buyer: that user) made on a listing that ended declined since
 * `since`, newest first: rejected by the seller or expired unanswered (an offer under the floor among them), but
 * not a counter the buyer let expire. Decision 0039, domain/offer-floor.ts.
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
        inArray(offers.status, ['rejected', 'expired']),
        isNull(offers.counterOfferAmountCents),
        gt(offers.updatedAt, since),
      ),
    )
    .orderBy(desc(offers.updatedAt), desc(offers.id));
}
