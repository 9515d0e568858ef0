// A Timed Sale's win becomes an accepted offer here, so the sale goes through purchases exactly as an accepted
// offer's does: invoice, payments, gate pass, ledger (docs/product/timed-sale.md#the-close). The sales module
// calls it through index.ts, in the transaction that closes the lot.
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import * as repo from './offers.repository.js';

export { IN_TIMED_SALE } from './offers.service.js';

export async function acceptTimedSaleWin(
  ctx: AppContext,
  tx: Tx,
  a: {
    lotId: string;
    listingId: string;
    buyerUserId: string;
    dealershipId: string | null;
    sellerUserId: string;
    amountCents: number;
    askingCents: number;
    saleName: string;
    actor: Actor;
    request: RequestInfo;
    now: Date;
  },
): Promise<{ offerId: string }> {
  const offer = await repo.insertAcceptedSaleOffer(tx, {
    listingId: a.listingId,
    buyerUserId: a.buyerUserId,
    dealershipId: a.dealershipId,
    sellerUserId: a.sellerUserId,
    offerType: 'offer',
    offerAmountCents: a.amountCents,
    originalPriceCents: a.askingCents,
    message: `Winning bid in ${a.saleName}`,
    // One offer per lot, whatever runs the close twice (with the lot's own unique offer_id).
    idempotencyKey: `timed-sale-lot-${a.lotId}`,
    now: a.now,
  });
  if (!offer) throw new AppError('CONFLICT', 'This lot has already been sold');
  await audit(tx, {
    action: 'offer.created',
    resourceType: 'offer',
    actorUserId: a.actor.userId,
    actorEmail: a.actor.email,
    details: {
      offerId: offer.id,
      listingId: a.listingId,
      offerType: 'timed_sale',
      amountCents: a.amountCents,
      lotId: a.lotId,
    },
    request: a.request,
  });
  await ctx.events.publishInTransaction(ctx, tx, 'offer.accepted', {
    offerId: offer.id,
    viaCounter: false,
    actor: a.actor,
    request: a.request,
    now: a.now,
  });
  return { offerId: offer.id };
}
