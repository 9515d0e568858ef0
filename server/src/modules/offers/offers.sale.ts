// What the offers module does for a sale the purchases module opens (docs/product/purchases.md#purchase,
// decision 0026): the accepted offer's facts, the other offers ended, and the offer side of the sale e-mails.
// Purchases calls these through index.ts, in the transaction that accepts the offer.
import { anonymousBuyer } from '../../../../domain/dealer-listings.js';
import { tractorName } from '../../../../domain/listings.js';
import type { Tx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import { publishEvent } from '../../lib/events.js';
import { enqueueMail } from '../../lib/outbox.js';
import type { TemplateName } from '../mail/index.js';
import { listingLink } from './offers.links.js';
import { OFFER_UPDATE, SELLER_OFFER_NOTICE } from './offers.mail.js';
import * as repo from './offers.repository.js';

export { type SaleOfferRow, saleOffer } from './offers.repository.js';

async function tractorOf(tx: Tx, listingId: string) {
  const listing = await repo.listingLabel(tx, listingId);
  return listing ? tractorName(listing) : 'your tractor';
}

/**
 * The sale ends every other open offer on the listing: each buyer is told it was sold to another dealer, the
 * admins and the seller see it live, one audit row. Returns the buyers whose offers ended.
 */
export async function endOffersBySale(
  tx: Tx,
  ctx: AppContext,
  a: { listingId: string; acceptedOfferId: string; actor: Actor; request: RequestInfo; now: Date },
): Promise<string[]> {
  const ended = await repo.rejectOtherOpenOffers(tx, a.listingId, a.acceptedOfferId, a.now);
  if (ended.length === 0) return [];
  const listing = await repo.listingLabel(tx, a.listingId);
  const tractor = listing ? tractorName(listing) : 'your tractor';
  const sellerId = listing?.sellerUserId ?? null;
  const buyers = await repo.usersByIds(tx, [...new Set(ended.map((o) => o.buyerUserId))]);
  for (const other of ended) {
    const buyer = buyers.find((b) => b.id === other.buyerUserId);
    if (buyer)
      await enqueueMail(tx, {
        template: OFFER_UPDATE,
        to: buyer.email,
        payload: {
          offerId: other.id,
          listingId: other.listingId,
          tractor,
          offerType: other.offerType,
          amountCents: other.offerAmountCents,
          askingCents: other.originalPriceCents,
          link: listingLink(ctx, other.listingId),
          status: 'rejected',
          soldToAnother: true,
        },
      });
    await publishEvent(tx, {
      type: 'offer.updated',
      audience: ['admins', other.buyerUserId, ...(sellerId ? [sellerId] : [])],
      data: { offerId: other.id, listingId: other.listingId, status: 'rejected' },
    });
  }
  await audit(tx, {
    action: 'offer.ended_by_sale',
    resourceType: 'offer',
    actorUserId: a.actor.userId,
    actorEmail: a.actor.email,
    details: {
      listingId: a.listingId,
      acceptedOfferId: a.acceptedOfferId,
      endedOfferIds: ended.map((o) => o.id),
    },
    request: a.request,
  });
  return ended.map((o) => o.buyerUserId);
}

type Mail = { template: TemplateName; to: string; payload: Record<string, unknown> };

/**
 * The offer side of the sale's e-mails, for purchases to complete and send in its transaction: the buyer's one
 * deal e-mail (the offer accepted; purchases adds `purchase`, a DealPurchase) and, on a dealer's listing, the
 * seller's "sold" notice with the buyer's contact (docs/product/purchases.md#e-mails).
 */
export async function saleMails(
  tx: Tx,
  ctx: AppContext,
  offer: repo.SaleOfferRow,
  viaCounter: boolean,
): Promise<{ buyer: Mail | null; seller: Mail | null }> {
  const sellerId = offer.listingSellerUserId;
  const [buyer] = await repo.usersByIds(tx, [offer.buyerUserId]);
  const [seller] = sellerId ? await repo.usersByIds(tx, [sellerId]) : [];
  const base = {
    offerId: offer.id,
    listingId: offer.listingId,
    tractor: await tractorOf(tx, offer.listingId),
    offerType: offer.offerType,
    amountCents: offer.amountCents,
    askingCents: offer.askingCents,
  };
  const contact = (u: repo.Recipient) => ({ name: u.name, email: u.email, companyName: u.companyName });
  return {
    buyer: buyer && {
      template: OFFER_UPDATE,
      to: buyer.email,
      payload: {
        ...base,
        link: listingLink(ctx, offer.listingId),
        status: 'accepted',
        ...(viaCounter ? { viaCounter: true } : {}),
        ...(seller ? { sellerContact: contact(seller) } : {}),
      },
    },
    seller: seller
      ? {
          template: SELLER_OFFER_NOTICE,
          to: seller.email,
          payload: {
            ...base,
            kind: 'sold',
            buyerLabel: anonymousBuyer(await repo.userState(tx, offer.buyerUserId)),
            feeCents: ctx.config.sellerFeeCents,
            buyerContact: buyer ? contact(buyer) : null,
          },
        }
      : null,
  };
}
