// What every purchases step shares: who reads and acts, who is told, the live update, the refusal.
import { ledgerSummary, sellerPayoutText } from '../../../../domain/ledger.js';
import { tractorName } from '../../../../domain/listings.js';
import { formatDollars } from '../../../../domain/money.js';
import { isInvoiced } from '../../../../domain/purchase-commands.js';
import {
  collectedByText,
  deliveryEstimate,
  type PurchaseAction,
  type PurchaseFacts,
  purchaseActionsFor,
  purchaseRefusal,
  VIEWER_PURCHASE_TEXT,
} from '../../../../domain/purchases.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import { publishEvent } from '../../lib/events.js';
import { enqueueMail } from '../../lib/outbox.js';
import { currentMembership, deliveryAccountIds } from '../dealerships/index.js';
import { entriesOfPurchase, payoutDueDate, summaryOf } from './purchases.ledger.js';
import {
  PURCHASE_ADMIN_NOTICE,
  PURCHASE_SELLER_UPDATE,
  PURCHASE_UPDATE,
  type PurchaseMail,
  SALE_STEP,
  type SaleMail,
} from './purchases.mail.js';
import * as repo from './purchases.repository.js';
import { zipPlace } from './zip-places.js';

export const PURCHASE_NOT_FOUND = 'Purchase not found';
export const money = formatDollars;
export const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const today = (d: Date) => d.toISOString().slice(0, 10);
export const addressText = (a: repo.AccountRow) =>
  a.addressLine && a.addressCity && a.addressState && a.addressZip
    ? `${a.addressLine}, ${a.addressCity}, ${a.addressState} ${a.addressZip}`
    : null;

/**
 * The account whose saved address a dealer's deliveries go to: the dealership owner's, so every team member
 * delivers to the dealership (decision 0041). Anyone in no dealership uses their own.
 */
export async function deliveryAccount(
  exec: Tx | AppContext['db'],
  actor: Actor,
): Promise<repo.AccountRow | undefined> {
  const ids = await deliveryAccountIds(exec, [actor.userId]);
  const [account] = await repo.accounts(exec, [ids.get(actor.userId) ?? actor.userId]);
  return account;
}

export function estimateTo(ctx: AppContext, listingZip: string | null, dealerZip: string | null) {
  const from = zipPlace(listingZip);
  const to = zipPlace(dealerZip);
  if (!from || !to) return null;
  const { transportRatePerMileCents, transportMinimumCents } = ctx.config.purchases;
  return deliveryEstimate(from, to, transportRatePerMileCents, transportMinimumCents);
}

// ---------------------------------------------------------------- who reads and acts

/**
 * A dealer reads the purchases of their dealership (every member, docs/product/dealer-tools.md#purchases);
 * an admin acting as a buyer, their own. `act`: choosing delivery or opening a claim, refused to viewers.
 */
export async function buyerScope(ctx: AppContext, actor: Actor, act = false): Promise<repo.PurchaseScope> {
  return (await buyerAccess(ctx, actor, act)).scope;
}

export async function buyerAccess(
  ctx: AppContext,
  actor: Actor,
  act = false,
): Promise<{ scope: repo.PurchaseScope; canAct: boolean }> {
  if (actor.status !== 'approved') return { scope: { buyerUserId: actor.userId }, canAct: true };
  const m = await currentMembership(ctx.db, actor, ctx.clock.now());
  if (act && m.role === 'viewer') throw new AppError('FORBIDDEN', VIEWER_PURCHASE_TEXT);
  return { scope: { buyerUserId: actor.userId, dealershipId: m.dealershipId }, canAct: m.role !== 'viewer' };
}

// ---------------------------------------------------------------- creation (called by the offers module)

// ---------------------------------------------------------------- shared steps

export async function tractorOf(tx: Tx | AppContext['db'], listingId: string) {
  const [l] = await repo.listingFacts(tx, [listingId]);
  return l ? tractorName(l) : 'your tractor';
}

export async function tellDealer(
  tx: Tx,
  ctx: AppContext,
  p: repo.PurchaseRow,
  kind: PurchaseMail['kind'],
  extra: Omit<PurchaseMail, 'kind' | 'number' | 'tractor' | 'purchaseId'> = {},
) {
  const [buyer] = await repo.accounts(tx, [p.buyerUserId]);
  if (!buyer) return;
  const payload: PurchaseMail = {
    kind,
    number: p.number,
    tractor: await tractorOf(tx, p.listingId),
    purchaseId: p.id,
    ...extra,
  };
  await enqueueMail(tx, { template: PURCHASE_UPDATE, to: buyer.email, payload });
  void ctx;
}

/**
 * docs/product/purchases.md#the-seller-dealers-view: on a dealer's own listing, the steps that ask something of the
 * seller (hand over, title) and how the sale ends reach them too. FieldLot's own listings have no seller to tell.
 */
export async function tellSeller(
  tx: Tx,
  ctx: AppContext,
  p: repo.PurchaseRow,
  step: PurchaseMail['kind'],
  stepFacts: Array<[string, string]> = [],
) {
  const kind = SALE_STEP[step];
  // Transport concerns the seller only when FieldLot's carrier comes to their yard.
  if (!kind || (kind === 'logistics' && (p.fulfilment !== 'delivery' || stepFacts.length === 0))) return;
  const [listing] = await repo.listingFacts(tx, [p.listingId]);
  if (!listing?.sellerUserId) return;
  const [seller] = await repo.accounts(tx, [listing.sellerUserId]);
  if (!seller) return;
  const mail: SaleMail = { kind, number: p.number, tractor: tractorName(listing), facts: stepFacts };
  if (kind === 'released') {
    const [buyer] = await repo.accounts(tx, [p.buyerUserId]);
    mail.code = p.releaseCode ?? '';
    mail.facts = [
      ['Release code', mail.code],
      ['Collected by', collectedByText({ ...p, fulfilment: p.fulfilment ?? 'collect' })],
      ...(buyer
        ? [
            ['Buyer', `${buyer.companyName || buyer.name} (${buyer.name}, ${buyer.email})`] as [
              string,
              string,
            ],
          ]
        : []),
    ];
  } else if (kind === 'complete' || kind === 'cancelled') {
    // Proceeds and what is owed from the ledger (docs/product/purchases.md#paying-the-seller).
    const entries = await entriesOfPurchase(tx, p.id);
    const s = summaryOf(ctx, p, true, entries);
    if (kind === 'complete')
      mail.facts = [
        // The sale's figures as the ledger booked them (docs/product/purchases.md#the-ledger).
        ['Price', money(s.charged.priceCents)],
        ['Seller fee', money(s.fieldlot.sellerFeeCents)],
        ...(s.sellerChargesCents ? [['Charges', money(s.sellerChargesCents)] as [string, string]] : []),
        ['Your proceeds', money(s.sellerProceedsCents)],
      ];
    else {
      mail.note = `Reason: ${p.cancelReason ?? 'no reason given'}`;
      const owed = sellerPayoutText(s, payoutDueDate(ctx, p, entries));
      if (s.owedBySellerCents && owed) mail.facts = [['Payout', owed]];
    }
  }
  await enqueueMail(tx, { template: PURCHASE_SELLER_UPDATE, to: seller.email, payload: mail });
}

/**
 * docs/product/purchases.md#the-sellers-e-mails: the seller's money, told when it changes: a charge (a credit they
 * bear) with its reason and their proceeds, and the payout with its date and reference.
 */
export async function tellSellerMoney(
  tx: Tx,
  p: repo.PurchaseRow,
  kind: 'charge' | 'payout',
  mail: { note?: string; facts: Array<[string, string]> },
) {
  const [listing] = await repo.listingFacts(tx, [p.listingId]);
  if (!listing?.sellerUserId) return;
  const [seller] = await repo.accounts(tx, [listing.sellerUserId]);
  if (!seller) return;
  const payload: SaleMail = { kind, number: p.number, tractor: tractorName(listing), ...mail };
  await enqueueMail(tx, { template: PURCHASE_SELLER_UPDATE, to: seller.email, payload });
}

export async function tellAdmins(tx: Tx, p: repo.PurchaseRow, what: string, dealer: string) {
  const tractor = await tractorOf(tx, p.listingId);
  for (const admin of await repo.adminRecipients(tx))
    await enqueueMail(tx, {
      template: PURCHASE_ADMIN_NOTICE,
      to: admin.email,
      payload: { number: p.number, tractor, what, dealer },
    });
}

export async function publish(tx: Tx, p: repo.PurchaseRow) {
  await publishEvent(tx, {
    type: 'purchase.updated',
    audience: ['admins', p.buyerUserId, ...(p.sellerUserId !== p.buyerUserId ? [p.sellerUserId] : [])],
    data: { purchaseId: p.id, number: p.number, status: p.status },
  });
}

export function refusal(action: PurchaseAction, p: repo.PurchaseRow): AppError {
  return new AppError('CONFLICT', purchaseRefusal(action, p));
}

export interface Step {
  action: PurchaseAction;
  event: { kind: string; text: string };
  set?: Partial<repo.PurchaseRow>;
  mail?: {
    kind: PurchaseMail['kind'];
    extra?: Omit<PurchaseMail, 'kind' | 'number' | 'tractor' | 'purchaseId'>;
  };
}

export async function finish(
  tx: Tx,
  ctx: AppContext,
  actor: Actor,
  request: RequestInfo,
  before: repo.PurchaseRow,
  after: repo.PurchaseRow,
  step: Pick<Step, 'event' | 'mail' | 'action'> & { auditAction?: string },
  now: Date,
) {
  await repo.insertEvent(tx, after.id, step.event.kind, step.event.text, actor.userId, now);
  await audit(tx, {
    action: `purchase.${step.auditAction ?? step.action}`,
    resourceType: 'purchase',
    actorUserId: actor.userId,
    actorEmail: actor.email,
    details: {
      purchaseId: after.id,
      number: after.number,
      from: before.status,
      to: after.status,
      event: step.event.text,
    },
    request,
  });
  if (step.mail) {
    await tellDealer(tx, ctx, after, step.mail.kind, step.mail.extra);
    await tellSeller(tx, ctx, after, step.mail.kind, step.mail.extra?.facts);
  }
  await publish(tx, after);
}

/** What domain purchaseActionsFor reads of a stored purchase and its ledger (`isInvoiced`). */
export function purchaseFacts(p: repo.PurchaseRow, invoiced: boolean): PurchaseFacts {
  return {
    status: p.status,
    fulfilment: p.fulfilment,
    invoiced,
    titleReceivedAt: p.titleReceivedAt,
    guaranteeEndsAt: iso(p.guaranteeEndsAt),
  };
}

/**
 * The server's refusal asks the screens' question (domain purchaseActionsFor): a step the role is not offered
 * now is refused, with the reason the status gives.
 */
export async function requireAction(
  tx: Tx,
  role: 'admin' | 'buyer',
  action: PurchaseAction,
  p: repo.PurchaseRow,
  now: Date,
): Promise<void> {
  const invoiced = isInvoiced(ledgerSummary(await entriesOfPurchase(tx, p.id), { isDealerListing: false }));
  if (!purchaseActionsFor(role, purchaseFacts(p, invoiced), now).includes(action)) throw refusal(action, p);
}
