// The sale: opened from an accepted offer, undone by a cancel or a returned claim (docs/product/purchases.md#status-machine).
import { LISTING_STAGE_TRANSITIONS, listingStage, returnAction } from '../../../../domain/dealer-listings.js';
import type { LedgerSummary } from '../../../../domain/ledger.js';
import { BUYER_FEE_LABEL, buyerFeeCents } from '../../../../domain/money.js';
import { addBusinessDays, canPurchase, dateLabel, purchaseNumber } from '../../../../domain/purchases.js';
import type { Tx } from '../../db/client.js';
import { requireRole } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import type { DomainEventBus } from '../../lib/domain-events.js';
import { returnToDraft } from '../listings/index.js';
import { returnOffer } from '../offers/index.js';
import { adminMove } from './purchases.admin-move.js';
import { applyLedgerStep, isDealerListing } from './purchases.ledger.js';
import * as repo from './purchases.repository.js';
import { money, publish, refusal, tellDealer } from './purchases.shared.js';

// ---------------------------------------------------------------- creation (called by the offers module)

/**
 * docs/product/purchases.md#purchase: inside the transaction where an offer becomes accepted (admin accept,
 * counter accepted, buy now accepted), the purchase with its number, parties, price, buyer fee, the condition
 * report revision in force and its due date; audit, e-mail and live update in the same transaction.
 */
export async function createPurchaseForAcceptedOffer(
  tx: Tx,
  ctx: AppContext,
  a: {
    offerId: string;
    actor: Actor;
    request: RequestInfo;
    now: Date /** Demo seed: no e-mail. */;
    quiet?: boolean;
  },
): Promise<{ id: string; number: string }> {
  const offer = await repo.acceptedOffer(tx, a.offerId);
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
  if (!a.quiet)
    await tellDealer(tx, ctx, purchase, 'created', {
      facts: [
        ['Price', money(purchase.priceCents)],
        [BUYER_FEE_LABEL, money(purchase.buyerFeeCents)],
        ['Payment due', dateLabel(purchase.dueDate)],
      ],
    });
  await publish(tx, purchase);
  return { id: purchase.id, number };
}

/**
 * docs/product/purchases.md#status-machine: the sale undone with the purchase. The listing's machine
 * (domain/dealer-listings.ts): a dealer's listing sold -> Draft, FieldLot's own sold -> inactive; the offer
 * accepted -> returned, so the tractor can be sold again.
 */
export async function undoSale(tx: Tx, p: repo.PurchaseRow, now: Date) {
  await returnOffer(tx, { offerId: p.offerId, now });
  const listing = await repo.listingState(tx, p.listingId);
  if (!listing) return;
  const t = LISTING_STAGE_TRANSITIONS[returnAction(listing.sellerUserId !== null)];
  if (!t.from.includes(listingStage(listing))) return;
  await returnToDraft(tx, {
    listingId: p.listingId,
    reviewStatus: t.to === 'draft' ? 'draft' : null,
    now,
  });
}

/**
 * docs/product/purchases.md#cancel-and-return: the ledger reverses what stands of every charge, credit and the
 * seller's payable. What the buyer paid becomes owed to them until the admin records the refund (decision 0035).
 */
export async function reverseSale(
  tx: Tx,
  ctx: AppContext,
  p: repo.PurchaseRow,
  actor: Actor,
  reason: string,
  now: Date,
) {
  const dealer = await isDealerListing(tx, p);
  const { summary } = await applyLedgerStep(
    tx,
    ctx,
    p,
    dealer,
    { kind: 'cancel', reason, at: now.toISOString() },
    { recordedBy: actor.userId },
  );
  return summary;
}

/** The timeline's and the buyer's e-mail's words for what FieldLot owes after a cancellation. */
export function owedAfterCancel(s: LedgerSummary) {
  const owed = s.owedToBuyerCents;
  return {
    text: owed ? `; FieldLot owes the buyer ${money(owed)} until the refund is recorded` : '',
    facts: owed ? ([['FieldLot owes you', money(owed)]] as Array<[string, string]>) : [],
  };
}

export function cancel(ctx: AppContext, actor: Actor, id: string, reason: string, request: RequestInfo) {
  requireRole(actor, 'admin');
  return adminMove(ctx, actor, id, request, async (p, now, tx) => {
    if (!canPurchase('cancel', p.status)) throw refusal('cancel', p);
    const open = await repo.openClaim(tx, p.id);
    if (open)
      await repo.answerClaim(tx, open.id, {
        status: 'denied',
        answer: `Purchase cancelled: ${reason}`,
        answeredBy: actor.userId,
        answeredAt: now,
      });
    const owed = owedAfterCancel(await reverseSale(tx, ctx, p, actor, reason, now));
    await undoSale(tx, p, now);
    return {
      action: 'cancel',
      set: { cancelReason: reason, cancelledAt: now },
      event: { kind: 'cancelled', text: `Cancelled: ${reason}${owed.text}` },
      mail: { kind: 'cancelled', extra: { note: `Reason: ${reason}`, facts: owed.facts } },
    };
  });
}

/** The sale opens in the transaction that accepts the offer, whatever path accepted it (decision 0027). */
export function purchasesSubscriptions(events: DomainEventBus): void {
  events.handleInTransaction('offer.accepted', (ctx, tx, a) => createPurchaseForAcceptedOffer(tx, ctx, a));
}
