import {
  FLOOR_PROBE_WINDOW_MS,
  offerPaceProblem,
  TOO_MANY_OFFERS_TEXT,
} from '../../../../domain/offer-floor.js';
import type { Executor, Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import type { Actor, RequestInfo } from '../../lib/context.js';
import { publishEvent } from '../../lib/events.js';
import { declinedOffers } from './offers.floor.repository.js';
import type { OfferRow } from './offers.repository.js';

/**
 * A floor price that cannot be probed (docs/product/dealer-selling.md#floor-price, decision 0039): before a new
 * offer is written, the dealership's declined offers on the listing in the last 7 days (counted in the database,
 * under the listing's row lock) limit how many more it may make and how low the next may be. Buy-now takes the
 * asking price and is never limited here.
 */
export async function checkOfferPace(
  exec: Executor,
  o: {
    dealershipId: string | null;
    buyerUserId: string;
    listingId: string;
    cents: number;
    askingCents: number;
    now: Date;
  },
): Promise<void> {
  const since = new Date(o.now.getTime() - FLOOR_PROBE_WINDOW_MS);
  const declined = await declinedOffers(exec, o, o.listingId, since);
  const problem = offerPaceProblem(o.cents, o.askingCents, declined);
  if (!problem) return;
  if (problem === TOO_MANY_OFFERS_TEXT) throw new AppError('RATE_LIMITED', problem);
  throw new AppError('VALIDATION', problem, { fields: { amount: problem } });
}

/** Whether an offer of `cents` is under the listing's floor: it is then answered by expiry, unseen by the seller. */
export function isBelowFloor(cents: number, floorPriceCents: number | null): boolean {
  return floorPriceCents !== null && cents < floorPriceCents;
}

/**
 * A new offer under the floor: the buyer's screens get exactly what any new offer gives them (open, "expires in
 * 48 h"); the seller and the admins get no e-mail and no notice of it; the audit records it. Offers it replaced
 * are announced as for any new offer.
 */
export async function answerBelowFloorLater(
  tx: Tx,
  a: {
    actor: Actor;
    offer: OfferRow;
    replaced: OfferRow[];
    tractor: string;
    sellerUserId: string | null;
    request: RequestInfo;
  },
): Promise<void> {
  const { actor, offer } = a;
  await audit(tx, {
    action: 'offer.below_floor',
    resourceType: 'offer',
    actorUserId: actor.userId,
    actorEmail: actor.email,
    details: { offerId: offer.id, listingId: offer.listingId, amountCents: offer.offerAmountCents },
    request: a.request,
  });
  for (const old of a.replaced)
    await publishEvent(tx, {
      type: 'offer.updated',
      audience: ['admins', actor.userId, ...(a.sellerUserId ? [a.sellerUserId] : [])],
      data: { offerId: old.id, listingId: offer.listingId, status: 'replaced' },
    });
  await publishEvent(tx, {
    type: 'offer.created',
    audience: [actor.userId],
    data: {
      offerId: offer.id,
      listingId: offer.listingId,
      status: 'pending',
      notice: offer.offerType === 'buy_now' ? 'buy_now' : 'new_offer',
      tractor: a.tractor,
      amountCents: offer.offerAmountCents,
      buyerName: actor.name,
    },
  });
}
