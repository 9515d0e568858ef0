import { buyerFeeCents } from '../../../../domain/money.js';
import { addBusinessDays, dateLabel, nextStepText, purchaseNumber } from '../../../../domain/purchases.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import type { DomainEventBus } from '../../lib/domain-events.js';
import { publishEvent } from '../../lib/events.js';
import { enqueueMail } from '../../lib/outbox.js';
import { sellListing, unsellListing } from '../listings/index.js';
import { type DealPurchase, endOffersBySale, returnOffer, saleMails, saleOffer } from '../offers/index.js';
import { runPurchaseCommand } from './purchases.commands.js';
import { getOne } from './purchases.read-model.js';
import * as repo from './purchases.repository.js';
import { publish } from './purchases.shared.js';

// ---------------------------------------------------------------- the sale

/**
 * docs/product/purchases.md#purchase: the sale, in the transaction where an offer becomes accepted (admin accept,
 * counter accepted, buy now accepted; decision 0027). The listing sold, the purchase opened, the other offers
 * ended, the live updates, and the sale's e-mails: ONE deal e-mail to the buyer (accepted + next step) and, on a
 * dealer's listing, the seller's "sold" notice.
 */
export async function openSale(
  tx: Tx,
  ctx: AppContext,
  a: { offerId: string; viaCounter: boolean; actor: Actor; request: RequestInfo; now: Date },
): Promise<{ id: string; number: string }> {
  const offer = await saleOffer(tx, a.offerId);
  if (offer?.status !== 'accepted') throw new AppError('CONFLICT', 'This offer is not accepted');
  await sellListing(tx, { listingId: offer.listingId, buyerUserId: offer.buyerUserId, now: a.now });
  const purchase = await createPurchaseForAcceptedOffer(tx, ctx, a);
  const mails = await saleMails(tx, ctx, offer, a.viaCounter);
  if (mails.buyer) {
    const deal: DealPurchase = {
      number: purchase.number,
      purchaseId: purchase.id,
      due: dateLabel(purchase.dueDate),
      nextStep: nextStepText({ ...purchase, balanceCents: null }) ?? '',
    };
    await enqueueMail(tx, { ...mails.buyer, payload: { ...mails.buyer.payload, purchase: deal } });
  }
  if (mails.seller) await enqueueMail(tx, mails.seller);
  const ended = await endOffersBySale(tx, ctx, {
    listingId: offer.listingId,
    acceptedOfferId: offer.id,
    actor: a.actor,
    request: a.request,
    now: a.now,
  });
  const seller = offer.listingSellerUserId;
  await publishEvent(tx, {
    type: 'listing.sold',
    audience: ['admins', offer.buyerUserId, ...ended, ...(seller ? [seller] : [])],
    data: { listingId: offer.listingId },
  });
  return { id: purchase.id, number: purchase.number };
}

/**
 * The purchase row of an accepted offer: its number, parties, price, buyer fee, the condition report revision in
 * force and its due date; timeline, audit and live update. The demo seed calls it alone (its listings are sold
 * by the seed; no e-mail).
 */
export async function createPurchaseForAcceptedOffer(
  tx: Tx,
  ctx: AppContext,
  a: { offerId: string; actor: Actor; request: RequestInfo; now: Date },
): Promise<repo.PurchaseRow> {
  const offer = await saleOffer(tx, a.offerId);
  if (offer?.status !== 'accepted') throw new AppError('CONFLICT', 'This offer is not accepted');
  const year = a.now.getUTCFullYear();
  const number = purchaseNumber(year, await repo.nextNumber(tx, 'purchase', year));
  const purchase = await repo.insertPurchase(tx, {
    number,
    offerId: offer.id,
    listingId: offer.listingId,
    buyerUserId: offer.buyerUserId,
    // A dealer's listing: that dealer is the seller party (decision 0018); FieldLot's own: the listing's admin.
    sellerUserId: offer.listingSellerUserId ?? offer.sellerUserId,
    // The purchase belongs to the offer's dealership; buyer_user_id stays the member who acted (decision 0022).
    dealershipId: offer.dealershipId,
    inspectionRevisionId: offer.inspectionRevisionId,
    priceCents: offer.amountCents,
    buyerFeeCents: buyerFeeCents(offer.amountCents),
    dueDate: addBusinessDays(a.now, ctx.config.purchases.paymentDueDays),
    createdAt: a.now,
    updatedAt: a.now,
  });
  await repo.insertEvent(
    tx,
    purchase.id,
    'created',
    `Offer accepted: purchase ${number} opened`,
    a.actor.userId,
    a.now,
  );
  await audit(tx, {
    action: 'purchase.created',
    resourceType: 'purchase',
    actorUserId: a.actor.userId,
    actorEmail: a.actor.email,
    details: { purchaseId: purchase.id, number, offerId: offer.id, priceCents: offer.amountCents },
    request: a.request,
  });
  await publish(tx, purchase);
  return purchase;
}

/**
 * docs/product/purchases.md#status-machine: the sale undone with the purchase: the offer accepted -> returned, so
 * the tractor can be sold again, and the listing back to Draft (a dealer's) or inactive (FieldLot's own).
 */
export async function undoSale(tx: Tx, p: repo.PurchaseRow, now: Date) {
  await returnOffer(tx, { offerId: p.offerId, now });
  await unsellListing(tx, { listingId: p.listingId, now });
}

/** docs/product/purchases.md#cancel-and-return: through the command path (`runPurchaseCommand`). */
export async function cancel(
  ctx: AppContext,
  actor: Actor,
  id: string,
  reason: string,
  request: RequestInfo,
  requestKey?: string,
) {
  await runPurchaseCommand(ctx, actor, id, { kind: 'cancel', body: { reason } }, { requestKey, request });
  return getOne(ctx, id);
}

/** The sale happens in the transaction that accepts the offer, whatever path accepted it (decision 0027). */
export function purchasesSubscriptions(events: DomainEventBus): void {
  events.handleInTransaction('offer.accepted', (ctx, tx, a) => openSale(tx, ctx, a));
}
