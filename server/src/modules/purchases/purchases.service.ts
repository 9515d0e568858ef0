import { randomBytes } from 'node:crypto';
import {
  LISTING_STAGE_TRANSITIONS,
  listingStage,
  returnAction,
  sellerProceedsCents,
} from '../../../../domain/dealer-listings.js';
import { checkpointById } from '../../../../domain/inspection.js';
import { imageUrl, tractorName } from '../../../../domain/listings.js';
import { BUYER_FEE_LABEL, buyerFeeCents, formatDollars } from '../../../../domain/money.js';
import {
  addBusinessDays,
  type ClaimAnswerBody,
  type ClaimBody,
  canPurchase,
  collectedByText,
  creditNoteNumber,
  type DeliveryAddress,
  dateLabel,
  deliveryEstimate,
  FULFILMENT_LABELS,
  type Fulfilment,
  guaranteeEnd,
  HANDED_OVER,
  invoiceNumber,
  isOverdue,
  type LandedCost,
  NOT_IN_REPORT,
  nextStepText,
  PAYMENT_METHOD_LABELS,
  PURCHASE_STATUS_LABELS,
  type Purchase,
  type PurchaseAction,
  type PurchaseStatus,
  purchaseActionSources,
  purchaseNumber,
  type SoldPurchase,
  sellerNextStepText,
  sellerTimeline,
  VIEWER_PURCHASE_TEXT,
} from '../../../../domain/purchases.js';
import type { Tx } from '../../db/client.js';
import { requireRole } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import type { DomainEventBus } from '../../lib/domain-events.js';
import { publishEvent } from '../../lib/events.js';
import { enqueueMail } from '../../lib/outbox.js';
import { storageFor } from '../../lib/storage.js';
import { currentMembership, refuseOwnDealershipSeller } from '../dealerships/index.js';
import { processImage, returnToDraft } from '../listings/index.js';
import { returnOffer } from '../offers/index.js';
import { setAddress as saveAddress } from '../users/index.js';
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
const money = formatDollars;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const today = (d: Date) => d.toISOString().slice(0, 10);
const addressText = (a: repo.AccountRow) =>
  a.addressLine && a.addressCity && a.addressState && a.addressZip
    ? `${a.addressLine}, ${a.addressCity}, ${a.addressState} ${a.addressZip}`
    : null;

function estimateTo(ctx: AppContext, listingZip: string | null, dealerZip: string | null) {
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
async function buyerScope(ctx: AppContext, actor: Actor, act = false): Promise<repo.PurchaseScope> {
  return (await buyerAccess(ctx, actor, act)).scope;
}

async function buyerAccess(
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

// ---------------------------------------------------------------- shared steps

async function tractorOf(tx: Tx | AppContext['db'], listingId: string) {
  const [l] = await repo.listingFacts(tx, [listingId]);
  return l ? tractorName(l) : 'your tractor';
}

async function tellDealer(
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
async function tellSeller(
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
  } else if (kind === 'complete') {
    const fee = ctx.config.sellerFeeCents;
    mail.facts = [
      ['Price', money(p.priceCents)],
      ['Seller fee', money(fee)],
      ['Your proceeds', money(sellerProceedsCents(p.priceCents, fee))],
    ];
  } else if (kind === 'cancelled') {
    mail.note = `Reason: ${p.cancelReason ?? 'no reason given'}`;
  }
  await enqueueMail(tx, { template: PURCHASE_SELLER_UPDATE, to: seller.email, payload: mail });
}

async function tellAdmins(tx: Tx, p: repo.PurchaseRow, what: string, dealer: string) {
  const tractor = await tractorOf(tx, p.listingId);
  for (const admin of await repo.adminRecipients(tx))
    await enqueueMail(tx, {
      template: PURCHASE_ADMIN_NOTICE,
      to: admin.email,
      payload: { number: p.number, tractor, what, dealer },
    });
}

async function publish(tx: Tx, p: repo.PurchaseRow) {
  await publishEvent(tx, {
    type: 'purchase.updated',
    audience: ['admins', p.buyerUserId, ...(p.sellerUserId !== p.buyerUserId ? [p.sellerUserId] : [])],
    data: { purchaseId: p.id, number: p.number, status: p.status },
  });
}

function refusal(action: PurchaseAction, p: repo.PurchaseRow): AppError {
  const label = PURCHASE_STATUS_LABELS[p.status];
  if (p.status === 'cancelled') return new AppError('CONFLICT', `Purchase ${p.number} is cancelled`);
  if (action === 'release')
    return new AppError('CONFLICT', `Purchase ${p.number} is not paid yet (${label})`);
  if (action === 'pay')
    return new AppError('CONFLICT', `Purchase ${p.number} takes no payment now: it is ${label}`);
  return new AppError('CONFLICT', `Purchase ${p.number} cannot do that now: it is ${label}`);
}

interface Step {
  action: PurchaseAction;
  event: { kind: string; text: string };
  set?: Partial<repo.PurchaseRow>;
  mail?: {
    kind: PurchaseMail['kind'];
    extra?: Omit<PurchaseMail, 'kind' | 'number' | 'tractor' | 'purchaseId'>;
  };
}

/** One admin move: lock, check the machine, conditional update, timeline row, audit, e-mail, live update. */
async function adminMove(
  ctx: AppContext,
  actor: Actor,
  purchaseId: string,
  request: RequestInfo,
  build: (p: repo.PurchaseRow, now: Date, tx: Tx) => Promise<Step> | Step,
): Promise<Purchase> {
  const now = ctx.clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    const current = await repo.lockPurchase(tx, purchaseId);
    if (!current) throw new AppError('NOT_FOUND', PURCHASE_NOT_FOUND);
    const step = await build(current, now, tx);
    if (!canPurchase(step.action, current.status)) throw refusal(step.action, current);
    const to = statusAfter(step.action, current);
    const updated = await repo.updatePurchase(
      tx,
      current.id,
      purchaseActionSources(step.action),
      { ...step.set, ...(to ? { status: to } : {}) },
      now,
    );
    if (!updated) throw refusal(step.action, current);
    await finish(tx, ctx, actor, request, current, updated, step, now);
    return updated.id;
  });
  return getOne(ctx, id);
}

function statusAfter(action: PurchaseAction, p: repo.PurchaseRow): PurchaseStatus | null {
  const to = {
    pay: 'paid',
    release: 'released',
    pickup: 'picked_up',
    deliver: 'delivered',
    send_title: 'title_sent',
    complete: 'complete',
    cancel: 'cancelled',
    open_claim: 'in_dispute',
    resolve_claim: p.statusBeforeDispute ?? 'delivered',
    return: 'cancelled',
  } as const satisfies Record<PurchaseAction, PurchaseStatus>;
  return to[action];
}

async function finish(
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

// ---------------------------------------------------------------- reading

async function toPurchases(ctx: AppContext, rows: repo.PurchaseRow[], canAct = true): Promise<Purchase[]> {
  const db = ctx.db;
  const ids = rows.map((r) => r.id);
  const [details, listings, buyers, revisions] = await Promise.all([
    repo.purchaseDetails(db, ids),
    repo.listingFacts(db, [...new Set(rows.map((r) => r.listingId))]),
    repo.accounts(db, [...new Set(rows.map((r) => r.buyerUserId))]),
    repo.revisionNumbers(
      db,
      rows.map((r) => r.inspectionRevisionId).filter((x): x is string => x !== null),
    ),
  ]);
  const now = ctx.clock.now();
  return rows.map((r) => {
    const listing = listings.find((l) => l.id === r.listingId);
    const buyer = buyers.find((b) => b.id === r.buyerUserId);
    const invoice = details.invoices.find((i) => i.purchaseId === r.id) ?? null;
    const credits = details.credits.filter((c) => c.purchaseId === r.id);
    // A cancelled purchase owes nothing (what was paid is refunded).
    const balance =
      r.totalCents === null
        ? null
        : r.status === 'cancelled'
          ? 0
          : r.totalCents - r.creditedCents - r.paidCents + r.refundedCents;
    const base = `/api/purchases/${r.id}/documents`;
    const documents: Purchase['documents'] = [];
    if (invoice)
      documents.push({
        id: invoice.id,
        kind: 'invoice',
        number: invoice.number,
        label: `Invoice ${invoice.number}`,
        amountCents: invoice.totalCents,
        issuedAt: invoice.issuedAt.toISOString(),
        url: `${base}/invoice.pdf`,
      });
    for (const c of credits)
      documents.push({
        id: c.id,
        kind: 'credit_note',
        number: c.number,
        label: `Credit note ${c.number}`,
        amountCents: c.amountCents,
        issuedAt: c.issuedAt.toISOString(),
        url: `${base}/credit-notes/${c.id}.pdf`,
      });
    if (r.releaseCode && r.releasedAt)
      documents.push({
        id: r.id,
        kind: 'gate_pass',
        number: r.releaseCode,
        label: `Gate pass (release code ${r.releaseCode})`,
        amountCents: null,
        issuedAt: r.releasedAt.toISOString(),
        url: `${base}/gate-pass.pdf`,
      });
    const revision = revisions.find((v) => v.id === r.inspectionRevisionId);
    const claims = details.claims.filter((c) => c.purchaseId === r.id);
    const quote =
      r.fulfilment === null && r.status === 'awaiting_payment'
        ? estimateTo(ctx, listing?.zip ?? null, buyer?.addressZip ?? null)
        : null;
    const step = nextStepText({
      status: r.status,
      fulfilment: r.fulfilment,
      balanceCents: balance,
      dueDate: r.dueDate,
    });
    return {
      id: r.id,
      number: r.number,
      offerId: r.offerId,
      listingId: r.listingId,
      status: r.status,
      tractor: listing ? tractorName(listing) : 'Tractor',
      imageUrl: listing?.imageKey ? imageUrl(listing.imageKey, 400) : null,
      listingLocation: listing
        ? [listing.city, listing.location, listing.zip].filter(Boolean).join(', ')
        : '',
      buyer: {
        id: r.buyerUserId,
        name: buyer?.name ?? '',
        email: buyer?.email ?? '',
        companyName: buyer?.companyName ?? '',
      },
      priceCents: r.priceCents,
      buyerFeeCents: r.buyerFeeCents,
      deliveryCents: r.deliveryCents,
      totalCents: r.totalCents,
      creditedCents: r.creditedCents,
      paidCents: r.paidCents,
      refundedCents: r.refundedCents,
      balanceCents: balance,
      dueDate: r.dueDate,
      overdue: isOverdue(r.status, r.dueDate, balance ?? 1, now),
      fulfilment: r.fulfilment,
      deliveryQuote: quote,
      deliveryTo: r.deliveryTo,
      inspectionRevision: revision?.number ?? null,
      releaseCode: r.releaseCode,
      carrier: r.carrier,
      pickupDate: r.pickupDate,
      deliveryDate: r.deliveryDate,
      handedOverAt: iso(r.handedOverAt),
      titleReceivedAt: r.titleReceivedAt,
      titleSentAt: iso(r.titleSentAt),
      titleCarrier: r.titleCarrier,
      titleTracking: r.titleTracking,
      cancelReason: r.cancelReason,
      guaranteeEndsAt: iso(r.guaranteeEndsAt),
      claimOpen: claims.some((c) => c.status === 'open'),
      canAct,
      nextStep: step
        ? { text: step, by: r.status === 'awaiting_payment' && r.fulfilment ? r.dueDate : null }
        : null,
      timeline: details.events
        .filter((e) => e.purchaseId === r.id)
        .map((e) => ({ at: e.createdAt.toISOString(), kind: e.kind, text: e.text })),
      documents,
      payments: details.payments
        .filter((p) => p.purchaseId === r.id)
        .map((p) => ({
          id: p.id,
          kind: p.kind,
          amountCents: p.amountCents,
          method: p.method,
          reference: p.reference,
          paidOn: p.paidOn,
        })),
      claims: claims.map((c) => ({
        id: c.id,
        status: c.status,
        checkpoints: c.checkpoints.map((id) => ({
          id,
          label: id === NOT_IN_REPORT ? 'Not in report' : (checkpointById(id)?.label ?? id),
        })),
        description: c.description,
        photoUrls: c.photos.map((p) => imageUrl(p.storageKey, 800)),
        answer: c.answer,
        creditCents: c.creditCents,
        createdAt: c.createdAt.toISOString(),
        answeredAt: iso(c.answeredAt),
      })),
      createdAt: r.createdAt.toISOString(),
    };
  });
}

async function getOne(ctx: AppContext, id: string): Promise<Purchase> {
  const row = await repo.purchaseById(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', PURCHASE_NOT_FOUND);
  const [p] = await toPurchases(ctx, [row]);
  return p;
}

export async function myPurchases(ctx: AppContext, actor: Actor): Promise<Purchase[]> {
  requireRole(actor, 'dealer', 'admin');
  const { scope, canAct } = await buyerAccess(ctx, actor);
  return toPurchases(ctx, await repo.listPurchases(ctx.db, { scope }), canAct);
}

export async function myPurchase(ctx: AppContext, actor: Actor, id: string): Promise<Purchase> {
  requireRole(actor, 'dealer', 'admin');
  const { scope, canAct } = await buyerAccess(ctx, actor);
  const row = await repo.purchaseById(ctx.db, id, scope);
  if (!row) throw new AppError('NOT_FOUND', PURCHASE_NOT_FOUND);
  const [p] = await toPurchases(ctx, [row], canAct);
  return p;
}

// ---------------------------------------------------------------- the seller dealer

/**
 * docs/product/purchases.md#the-seller-dealers-view: the purchases of the dealer's own listings, read-only, with the
 * seller fee and proceeds and the buyer's company and contact. Another dealer's purchase answers 404 (the where).
 */
async function toSold(ctx: AppContext, rows: repo.PurchaseRow[]): Promise<SoldPurchase[]> {
  const [details, listings, buyers] = await Promise.all([
    repo.purchaseDetails(
      ctx.db,
      rows.map((r) => r.id),
    ),
    repo.listingFacts(ctx.db, [...new Set(rows.map((r) => r.listingId))]),
    repo.accounts(ctx.db, [...new Set(rows.map((r) => r.buyerUserId))]),
  ]);
  const fee = ctx.config.sellerFeeCents;
  return rows.map((r) => {
    const listing = listings.find((l) => l.id === r.listingId);
    const buyer = buyers.find((b) => b.id === r.buyerUserId);
    return {
      id: r.id,
      number: r.number,
      offerId: r.offerId,
      listingId: r.listingId,
      status: r.status,
      tractor: listing ? tractorName(listing) : 'Tractor',
      priceCents: r.priceCents,
      sellerFeeCents: fee,
      proceedsCents: sellerProceedsCents(r.priceCents, fee),
      buyer: { name: buyer?.name ?? '', email: buyer?.email ?? '', companyName: buyer?.companyName ?? '' },
      cancelReason: r.cancelReason,
      fulfilment: r.fulfilment,
      releaseCode: r.releaseCode,
      carrier: r.carrier,
      pickupDate: r.pickupDate,
      titleReceivedAt: r.titleReceivedAt,
      nextStep: sellerNextStepText({
        status: r.status,
        fulfilment: r.fulfilment,
        releaseCode: r.releaseCode,
        titleReceived: r.titleReceivedAt !== null,
      }),
      timeline: sellerTimeline(
        details.events
          .filter((e) => e.purchaseId === r.id)
          .map((e) => ({ at: e.createdAt.toISOString(), kind: e.kind, text: e.text })),
        r.cancelReason,
      ),
      createdAt: r.createdAt.toISOString(),
    };
  });
}

export async function soldPurchases(ctx: AppContext, actor: Actor): Promise<SoldPurchase[]> {
  requireRole(actor, 'dealer', 'admin');
  return toSold(ctx, await repo.listPurchases(ctx.db, { scope: { sellerUserId: actor.userId } }));
}

export async function soldPurchase(ctx: AppContext, actor: Actor, id: string): Promise<SoldPurchase> {
  requireRole(actor, 'dealer', 'admin');
  const row = await repo.purchaseById(ctx.db, id, { sellerUserId: actor.userId });
  if (!row) throw new AppError('NOT_FOUND', PURCHASE_NOT_FOUND);
  const [p] = await toSold(ctx, [row]);
  return p;
}

/** Admin list: by status or overdue; overdue first, then the newest. */
export async function adminPurchases(ctx: AppContext, actor: Actor, status: string): Promise<Purchase[]> {
  requireRole(actor, 'admin');
  const rows = await repo.listPurchases(ctx.db, {
    statuses: status === 'all' || status === 'overdue' ? undefined : [status as PurchaseStatus],
  });
  let items = await toPurchases(ctx, rows);
  if (status === 'overdue') items = items.filter((p) => p.overdue);
  return items.sort((a, b) => Number(b.overdue) - Number(a.overdue));
}

export async function purchaseCounts(ctx: AppContext, actor: Actor) {
  requireRole(actor, 'admin');
  const rows = await repo.listPurchases(ctx.db, {});
  const now = ctx.clock.now();
  const open = rows.filter((r) => r.status !== 'complete' && r.status !== 'cancelled');
  return {
    awaitingPayment: rows.filter((r) => r.status === 'awaiting_payment').length,
    overdue: rows.filter((r) =>
      isOverdue(
        r.status,
        r.dueDate,
        r.totalCents === null ? 1 : r.totalCents - r.creditedCents - r.paidCents,
        now,
      ),
    ).length,
    toRelease: rows.filter((r) => r.status === 'paid').length,
    openClaims: rows.filter((r) => r.status === 'in_dispute').length,
    inProgress: open.length,
  };
}

/** Who may read a purchase's documents: its dealer, or an admin. */
async function readable(ctx: AppContext, actor: Actor, id: string) {
  requireRole(actor, 'dealer', 'admin');
  const row = await repo.purchaseById(
    ctx.db,
    id,
    actor.status === 'admin' ? undefined : await buyerScope(ctx, actor),
  );
  if (!row) throw new AppError('NOT_FOUND', PURCHASE_NOT_FOUND);
  return row;
}

export async function invoiceDocument(ctx: AppContext, actor: Actor, id: string) {
  const purchase = await readable(ctx, actor, id);
  const invoice = await repo.invoiceOf(ctx.db, id);
  if (!invoice) throw new AppError('NOT_FOUND', 'No invoice yet: choose collection or delivery first');
  return { purchase, invoice, tractor: await tractorOf(ctx.db, purchase.listingId) };
}

export async function creditNoteDocument(ctx: AppContext, actor: Actor, id: string, noteId: string) {
  const purchase = await readable(ctx, actor, id);
  const [invoice, note] = await Promise.all([
    repo.invoiceOf(ctx.db, id),
    repo.creditNote(ctx.db, id, noteId),
  ]);
  if (!invoice || !note) throw new AppError('NOT_FOUND', 'Credit note not found');
  return { purchase, invoice, note, tractor: await tractorOf(ctx.db, purchase.listingId) };
}

export async function gatePassDocument(ctx: AppContext, actor: Actor, id: string) {
  const purchase = await readable(ctx, actor, id);
  if (!purchase.releaseCode)
    throw new AppError('NOT_FOUND', 'The gate pass is issued once the purchase is paid and released');
  const [listing] = await repo.listingFacts(ctx.db, [purchase.listingId]);
  const [buyer] = await repo.accounts(ctx.db, [purchase.buyerUserId]);
  return {
    purchase,
    tractor: listing ? tractorName(listing) : 'Tractor',
    location: listing ? [listing.city, listing.location, listing.zip].filter(Boolean).join(', ') : '',
    buyer: { companyName: buyer?.companyName ?? '', name: buyer?.name ?? '' },
  };
}

// ---------------------------------------------------------------- landed cost and address

export async function landedCost(
  ctx: AppContext,
  actor: Actor,
  listingId: string,
  amountDollars: number | undefined,
): Promise<LandedCost> {
  requireRole(actor, 'dealer', 'admin');
  const [listing] = await repo.listingFacts(ctx.db, [listingId]);
  if (!listing || (listing.status !== 'active' && actor.status !== 'admin'))
    throw new AppError('NOT_FOUND', "The tractor you're looking for doesn't exist or has been removed.");
  const [me] = await repo.accounts(ctx.db, [actor.userId]);
  const price = amountDollars !== undefined && amountDollars > 0 ? amountDollars * 100 : listing.priceCents;
  const fee = buyerFeeCents(price);
  const delivery = estimateTo(ctx, listing.zip, me?.addressZip ?? null);
  return {
    priceCents: price,
    buyerFeeCents: fee,
    delivery,
    missing: delivery ? null : !me?.addressZip ? 'address' : 'listing_zip',
    totalCents: price + fee + (delivery?.cents ?? 0),
  };
}

export async function getAddress(ctx: AppContext, actor: Actor): Promise<DeliveryAddress | null> {
  requireRole(actor, 'dealer', 'admin');
  const [me] = await repo.accounts(ctx.db, [actor.userId]);
  if (!me?.addressLine || !me.addressCity || !me.addressState || !me.addressZip) return null;
  return { addressLine: me.addressLine, city: me.addressCity, state: me.addressState, zip: me.addressZip };
}

export async function setAddress(
  ctx: AppContext,
  actor: Actor,
  a: DeliveryAddress,
): Promise<DeliveryAddress> {
  requireRole(actor, 'dealer', 'admin');
  if (!zipPlace(a.zip))
    throw new AppError('VALIDATION', 'We do not know this ZIP code', {
      fields: { zip: 'We do not know this ZIP code' },
    });
  await saveAddress(ctx.db, actor.userId, a);
  return a;
}

// ---------------------------------------------------------------- dealer steps

/**
 * docs/product/purchases.md#delivery-and-landed-cost: "I'll collect it" or "FieldLot delivers". The choice issues
 * the invoice (gapless number, never changed afterwards).
 */
export async function chooseFulfilment(
  ctx: AppContext,
  actor: Actor,
  id: string,
  fulfilment: Fulfilment,
  request: RequestInfo,
): Promise<Purchase> {
  requireRole(actor, 'dealer', 'admin');
  const now = ctx.clock.now();
  const scope = await buyerScope(ctx, actor, true);
  await ctx.db.transaction(async (tx) => {
    const p = await repo.lockPurchase(tx, id, scope);
    if (!p) throw new AppError('NOT_FOUND', PURCHASE_NOT_FOUND);
    if (p.status !== 'awaiting_payment' || p.fulfilment)
      throw new AppError('CONFLICT', `Purchase ${p.number} already has its invoice`);
    const [me] = await repo.accounts(tx, [actor.userId]);
    const [listing] = await repo.listingFacts(tx, [p.listingId]);
    let delivery: ReturnType<typeof estimateTo> = null;
    if (fulfilment === 'delivery') {
      if (!me || !addressText(me))
        throw new AppError('VALIDATION', 'Add your delivery address in My Account first', {
          fields: { fulfilment: 'Add your delivery address in My Account first' },
        });
      delivery = estimateTo(ctx, listing?.zip ?? null, me.addressZip);
      if (!delivery)
        throw new AppError('VALIDATION', 'We cannot quote delivery for this tractor yet: please contact us', {
          fields: { fulfilment: 'We cannot quote delivery for this tractor yet: please contact us' },
        });
    }
    const tractor = listing ? tractorName(listing) : 'Tractor';
    const lines = [
      { label: `${tractor} (purchase price)`, cents: p.priceCents },
      { label: BUYER_FEE_LABEL, cents: p.buyerFeeCents },
      ...(delivery ? [{ label: `Delivery: ${delivery.text}`, cents: delivery.cents }] : []),
    ];
    const total = lines.reduce((s, l) => s + l.cents, 0);
    const year = now.getUTCFullYear();
    const invoice = await repo.insertInvoice(tx, {
      purchaseId: p.id,
      number: invoiceNumber(year, await repo.nextNumber(tx, 'invoice', year)),
      billTo: {
        companyName: me?.companyName ?? '',
        name: me?.name ?? '',
        email: me?.email ?? '',
        address: me ? addressText(me) : null,
      },
      lines,
      totalCents: total,
      dueDate: p.dueDate,
      issuedAt: now,
    });
    const updated = await repo.updatePurchase(
      tx,
      p.id,
      ['awaiting_payment'],
      {
        fulfilment,
        totalCents: total,
        deliveryCents: delivery?.cents ?? null,
        deliveryMiles: delivery?.miles ?? null,
        deliveryTo: fulfilment === 'delivery' && me ? addressText(me) : null,
      },
      now,
    );
    if (!updated) throw new AppError('CONFLICT', `Purchase ${p.number} already has its invoice`);
    const text = `${FULFILMENT_LABELS[fulfilment]}: invoice ${invoice.number} for ${money(total)} issued, due ${dateLabel(p.dueDate)}`;
    await finish(
      tx,
      ctx,
      actor,
      request,
      p,
      updated,
      {
        action: 'pay',
        auditAction: 'invoiced',
        event: { kind: 'invoiced', text },
        mail: {
          kind: 'invoiced',
          extra: {
            amount: money(total),
            due: dateLabel(p.dueDate),
            facts: [
              ...lines.map((l): [string, string] => [l.label, money(l.cents)]),
              ['Total', money(total)],
              ['Due date', dateLabel(p.dueDate)],
              ['Invoice', invoice.number],
            ],
          },
        },
      },
      now,
    );
    await tellAdmins(
      tx,
      updated,
      `${FULFILMENT_LABELS[fulfilment]}, invoice ${invoice.number} issued`,
      me?.companyName ?? actor.name,
    );
  });
  return myPurchase(ctx, actor, id);
}

/** docs/product/purchases.md#inspection-guarantee: within GUARANTEE_DAYS of pickup or delivery. */
export async function openClaim(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: ClaimBody,
  request: RequestInfo,
): Promise<Purchase> {
  requireRole(actor, 'dealer', 'admin');
  const now = ctx.clock.now();
  const scope = await buyerScope(ctx, actor, true);
  await ctx.db.transaction(async (tx) => {
    const p = await repo.lockPurchase(tx, id, scope);
    if (!p) throw new AppError('NOT_FOUND', PURCHASE_NOT_FOUND);
    // Never a claim against the dealership's own sale (decision 0039).
    await refuseOwnDealershipSeller(
      tx,
      { userId: actor.userId, dealershipId: p.dealershipId },
      p.sellerUserId,
      'claim',
    );
    if (!HANDED_OVER.includes(p.status) || !p.guaranteeEndsAt) {
      if (p.status === 'in_dispute')
        throw new AppError('CONFLICT', 'A claim on this purchase is already open');
      throw new AppError('CONFLICT', 'A claim can be opened once the tractor is picked up or delivered');
    }
    if (now >= p.guaranteeEndsAt)
      throw new AppError(
        'CONFLICT',
        `The inspection guarantee ended on ${dateLabel(p.guaranteeEndsAt.toISOString())}`,
      );
    const [revision] = p.inspectionRevisionId ? await repo.revisionNumbers(tx, [p.inspectionRevisionId]) : [];
    const allowed = new Set([NOT_IN_REPORT, ...Object.keys(revision?.ratings ?? {})]);
    const unknown = body.checkpoints.filter((c) => !allowed.has(c));
    if (unknown.length)
      throw new AppError('VALIDATION', 'Pick checkpoints of the condition report, or "Not in report"', {
        fields: { checkpoints: 'Pick checkpoints of the condition report, or "Not in report"' },
      });
    await repo.insertClaim(tx, {
      purchaseId: p.id,
      dealerUserId: actor.userId,
      checkpoints: [...new Set(body.checkpoints)],
      description: body.description,
      createdAt: now,
    });
    const updated = await repo.updatePurchase(
      tx,
      p.id,
      purchaseActionSources('open_claim'),
      { status: 'in_dispute', statusBeforeDispute: p.status },
      now,
    );
    if (!updated) throw refusal('open_claim', p);
    await finish(
      tx,
      ctx,
      actor,
      request,
      p,
      updated,
      {
        action: 'open_claim',
        event: { kind: 'claim_opened', text: `Guarantee claim opened: ${body.checkpoints.length} item(s)` },
        mail: { kind: 'claim_opened', extra: { note: `Your description: "${body.description}"` } },
      },
      now,
    );
    await tellAdmins(tx, updated, 'guarantee claim opened', actor.name);
  });
  return myPurchase(ctx, actor, id);
}

export async function addClaimPhoto(
  ctx: AppContext,
  actor: Actor,
  id: string,
  data: Buffer,
): Promise<Purchase> {
  requireRole(actor, 'dealer', 'admin');
  const p = await repo.purchaseById(ctx.db, id, await buyerScope(ctx, actor, true));
  if (!p) throw new AppError('NOT_FOUND', PURCHASE_NOT_FOUND);
  const claim = await repo.openClaim(ctx.db, id);
  if (!claim) throw new AppError('CONFLICT', 'Photos can be added while the claim is open');
  if (claim.photos.length >= 12) throw new AppError('CONFLICT', 'A claim holds at most 12 photos');
  let processed: Awaited<ReturnType<typeof processImage>>;
  try {
    processed = await processImage(data);
  } catch (err) {
    if (err instanceof AppError) throw new AppError(err.code, err.message, { fields: { file: err.message } });
    throw err;
  }
  const storage = storageFor(ctx.config);
  const written: string[] = [];
  try {
    for (const v of processed.variants) {
      await storage.put(v.key, v.data, 'image/webp');
      written.push(v.key);
    }
    const ok = await repo.addClaimPhoto(ctx.db, claim.id, {
      storageKey: processed.storageKey,
      width: processed.width,
      height: processed.height,
    });
    if (!ok) throw new AppError('CONFLICT', 'Photos can be added while the claim is open');
  } catch (err) {
    await storage.delete(written).catch(() => {});
    throw err;
  }
  return myPurchase(ctx, actor, id);
}

// ---------------------------------------------------------------- admin steps

/**
 * docs/product/purchases.md#payments: amount, method, reference, date. A partial payment leaves the rest due;
 * `expectedBalanceCents` is the balance the admin saw: two admins recording the same payment at once, the
 * second finds another balance and gets 409.
 */
export async function recordPayment(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: { amount: number; method: string; reference: string; paidOn: string; expectedBalanceCents: number },
  request: RequestInfo,
): Promise<Purchase> {
  requireRole(actor, 'admin');
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    // No lock before the conditional update: two concurrent payments both read the old balance and race
    // on the UPDATE below, where the row lock makes the second see the new balance and match nothing.
    const p = await repo.purchaseById(tx, id);
    if (!p) throw new AppError('NOT_FOUND', PURCHASE_NOT_FOUND);
    if (!canPurchase('pay', p.status)) throw refusal('pay', p);
    if (p.totalCents === null)
      throw new AppError(
        'CONFLICT',
        `Purchase ${p.number} has no invoice yet: the dealer chooses collection or delivery first`,
      );
    const balance = p.totalCents - p.creditedCents - p.paidCents + p.refundedCents;
    if (body.expectedBalanceCents !== balance)
      throw new AppError(
        'CONFLICT',
        `The balance of ${p.number} changed to ${money(balance)}: another payment was recorded. Please check before recording this one.`,
      );
    if (body.amount > balance)
      throw new AppError(
        'VALIDATION',
        `Payment cannot be more than the balance of ${formatDollarsCentsText(balance)}`,
        {
          fields: { amount: `Payment cannot be more than the balance of ${formatDollarsCentsText(balance)}` },
        },
      );
    const left = balance - body.amount;
    const updated = await repo.updatePurchase(
      tx,
      p.id,
      ['awaiting_payment'],
      { paidCents: p.paidCents + body.amount, ...(left === 0 ? { status: 'paid' } : {}) },
      now,
      { paidCents: p.paidCents },
    );
    if (!updated)
      throw new AppError(
        'CONFLICT',
        `The balance of ${p.number} changed: another payment was recorded. Please check before recording this one.`,
      );
    await repo.insertPayment(tx, {
      purchaseId: p.id,
      kind: 'payment',
      amountCents: body.amount,
      method: body.method,
      reference: body.reference,
      paidOn: body.paidOn,
      recordedBy: actor.userId,
      createdAt: now,
    });
    const method = PAYMENT_METHOD_LABELS[body.method as keyof typeof PAYMENT_METHOD_LABELS] ?? body.method;
    const text = `Payment of ${money(body.amount)} received (${method}${body.reference ? `, ${body.reference}` : ''}, ${dateLabel(body.paidOn)})${left > 0 ? `: ${money(left)} still due` : ': paid in full'}`;
    await finish(
      tx,
      ctx,
      actor,
      request,
      p,
      updated,
      {
        action: 'pay',
        auditAction: left === 0 ? 'paid' : 'partial_payment',
        event: { kind: left === 0 ? 'paid' : 'payment', text },
        mail:
          left === 0
            ? {
                kind: 'paid',
                extra: {
                  facts: [
                    ['Payment', money(body.amount)],
                    ['Total paid', money(updated.paidCents)],
                  ],
                },
              }
            : {
                kind: 'partial_payment',
                extra: {
                  amount: money(left),
                  facts: [
                    ['Payment', money(body.amount)],
                    ['Still due', money(left)],
                    ['Due date', dateLabel(p.dueDate)],
                  ],
                },
              },
      },
      now,
    );
  });
  return getOne(ctx, id);
}

const formatDollarsCentsText = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

function releaseCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

export function release(ctx: AppContext, actor: Actor, id: string, request: RequestInfo) {
  requireRole(actor, 'admin');
  return adminMove(ctx, actor, id, request, (_p, now) => {
    const code = releaseCode();
    return {
      action: 'release',
      set: { releaseCode: code, releasedAt: now },
      event: { kind: 'released', text: `Released: gate pass issued with release code ${code}` },
      mail: { kind: 'released', extra: { code, facts: [['Release code', code]] } },
    };
  });
}

export function recordLogistics(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: { carrier?: string; pickupDate?: string | null; deliveryDate?: string | null },
  request: RequestInfo,
) {
  requireRole(actor, 'admin');
  const now = ctx.clock.now();
  return ctx.db
    .transaction(async (tx) => {
      const p = await repo.lockPurchase(tx, id);
      if (!p) throw new AppError('NOT_FOUND', PURCHASE_NOT_FOUND);
      if (p.status === 'cancelled' || p.status === 'complete') throw refusal('release', p);
      const set = {
        carrier: body.carrier ?? p.carrier,
        pickupDate: body.pickupDate === undefined ? p.pickupDate : body.pickupDate,
        deliveryDate: body.deliveryDate === undefined ? p.deliveryDate : body.deliveryDate,
      };
      const updated = await repo.updatePurchase(tx, p.id, [p.status], set, now);
      if (!updated) throw refusal('release', p);
      const facts: Array<[string, string]> = [
        ...(set.carrier ? [['Carrier', set.carrier] as [string, string]] : []),
        ...(set.pickupDate ? [['Pickup date', dateLabel(set.pickupDate)] as [string, string]] : []),
        ...(set.deliveryDate ? [['Delivery date', dateLabel(set.deliveryDate)] as [string, string]] : []),
      ];
      await finish(
        tx,
        ctx,
        actor,
        request,
        p,
        updated,
        {
          action: 'release',
          auditAction: 'logistics',
          event: {
            kind: 'logistics',
            text: `Transport: ${facts.map(([k, v]) => `${k} ${v}`).join(', ') || 'cleared'}`,
          },
          mail: { kind: 'logistics', extra: { facts } },
        },
        now,
      );
      return p.id;
    })
    .then((pid) => getOne(ctx, pid));
}

export function recordHandover(
  ctx: AppContext,
  actor: Actor,
  id: string,
  kind: 'pickup' | 'deliver',
  date: string,
  request: RequestInfo,
) {
  requireRole(actor, 'admin');
  return adminMove(ctx, actor, id, request, (p, now) => {
    if (kind === 'deliver' && p.fulfilment !== 'delivery')
      throw new AppError('CONFLICT', `Purchase ${p.number} is collected by the dealer: record the pickup`);
    if (kind === 'pickup' && p.fulfilment === 'delivery')
      throw new AppError('CONFLICT', `Purchase ${p.number} is delivered by FieldLot: record the delivery`);
    const ends = guaranteeEnd(now, ctx.config.purchases.guaranteeDays);
    const what = kind === 'pickup' ? 'Picked up' : 'Delivered';
    return {
      action: kind,
      set: {
        handedOverAt: now,
        guaranteeEndsAt: ends,
        ...(kind === 'pickup' ? { pickupDate: date } : { deliveryDate: date }),
      },
      event: {
        kind: kind === 'pickup' ? 'picked_up' : 'delivered',
        text: `${what} on ${dateLabel(date)}; guarantee until ${dateLabel(ends.toISOString())}`,
      },
      mail: {
        kind: kind === 'pickup' ? 'picked_up' : 'delivered',
        extra: {
          facts: [
            [what, dateLabel(date)],
            ['Guarantee claims until', dateLabel(ends.toISOString())],
          ],
        },
      },
    };
  });
}

export async function titleReceived(
  ctx: AppContext,
  actor: Actor,
  id: string,
  date: string,
  request: RequestInfo,
) {
  requireRole(actor, 'admin');
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const p = await repo.lockPurchase(tx, id);
    if (!p) throw new AppError('NOT_FOUND', PURCHASE_NOT_FOUND);
    if (p.status === 'cancelled' || p.status === 'complete' || p.titleReceivedAt)
      throw refusal('send_title', p);
    const updated = await repo.updatePurchase(tx, p.id, [p.status], { titleReceivedAt: date }, now);
    if (!updated) throw refusal('send_title', p);
    await finish(
      tx,
      ctx,
      actor,
      request,
      p,
      updated,
      {
        action: 'send_title',
        auditAction: 'title_received',
        event: { kind: 'title_received', text: `Title received from the seller on ${dateLabel(date)}` },
        mail: { kind: 'title_received' },
      },
      now,
    );
  });
  return getOne(ctx, id);
}

export function titleSent(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: { carrier: string; trackingNumber: string },
  request: RequestInfo,
) {
  requireRole(actor, 'admin');
  return adminMove(ctx, actor, id, request, (p, now) => {
    if (!p.titleReceivedAt)
      throw new AppError('CONFLICT', 'Record the title as received from the seller first');
    return {
      action: 'send_title',
      set: { titleSentAt: now, titleCarrier: body.carrier, titleTracking: body.trackingNumber },
      event: { kind: 'title_sent', text: `Title sent by ${body.carrier}, tracking ${body.trackingNumber}` },
      mail: {
        kind: 'title_sent',
        extra: {
          facts: [
            ['Carrier', body.carrier],
            ['Tracking number', body.trackingNumber],
          ],
        },
      },
    };
  });
}

export function complete(ctx: AppContext, actor: Actor, id: string, request: RequestInfo) {
  requireRole(actor, 'admin');
  return adminMove(ctx, actor, id, request, async (p, now, tx) => {
    if (p.status === 'title_sent' && p.guaranteeEndsAt && now < p.guaranteeEndsAt) {
      const answered = await repo.answeredClaims(tx, p.id);
      if (answered.length === 0)
        throw new AppError(
          'CONFLICT',
          `The inspection guarantee is open until ${dateLabel(p.guaranteeEndsAt.toISOString())}: complete it after that`,
        );
    }
    return {
      action: 'complete',
      set: { completedAt: now },
      event: { kind: 'complete', text: 'Purchase complete' },
      mail: { kind: 'complete' },
    };
  });
}

/**
 * docs/product/purchases.md#status-machine: the sale undone with the purchase. The listing's machine
 * (domain/dealer-listings.ts): a dealer's listing sold -> Draft, FieldLot's own sold -> inactive; the offer
 * accepted -> returned, so the tractor can be sold again.
 */
async function undoSale(tx: Tx, p: repo.PurchaseRow, now: Date) {
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

/** Refund what was paid (net of earlier refunds), as a payment row of kind refund. */
async function refundAll(tx: Tx, p: repo.PurchaseRow, actor: Actor, now: Date): Promise<number> {
  const due = p.paidCents - p.refundedCents;
  if (due <= 0) return 0;
  await repo.insertPayment(tx, {
    purchaseId: p.id,
    kind: 'refund',
    amountCents: due,
    method: 'wire',
    reference: `Refund for ${p.number}`,
    paidOn: today(now),
    recordedBy: actor.userId,
    createdAt: now,
  });
  return due;
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
    const refunded = await refundAll(tx, p, actor, now);
    await undoSale(tx, p, now);
    return {
      action: 'cancel',
      set: { cancelReason: reason, cancelledAt: now, refundedCents: p.refundedCents + refunded },
      event: {
        kind: 'cancelled',
        text: `Cancelled: ${reason}${refunded ? `; refund of ${money(refunded)} recorded` : ''}`,
      },
      mail: {
        kind: 'cancelled',
        extra: { note: `Reason: ${reason}`, facts: refunded ? [['Refund', money(refunded)]] : [] },
      },
    };
  });
}

/** docs/product/purchases.md#inspection-guarantee: credit (a credit note), cancel and return, or deny. */
export async function answerClaim(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: { answer: 'credit'; amount: number } | { answer: 'return' | 'deny'; reason: string },
  request: RequestInfo,
): Promise<Purchase> {
  requireRole(actor, 'admin');
  return adminMove(ctx, actor, id, request, async (p, now, tx) => {
    if (p.status !== 'in_dispute') throw new AppError('CONFLICT', `Purchase ${p.number} has no open claim`);
    const claim = await repo.openClaim(tx, p.id);
    if (!claim) throw new AppError('CONFLICT', `Purchase ${p.number} has no open claim`);
    if (body.answer === 'credit') {
      const invoice = await repo.invoiceOf(tx, p.id);
      const room = (p.totalCents ?? 0) - p.creditedCents;
      if (!invoice) throw new AppError('CONFLICT', 'There is no invoice to credit');
      if (body.amount > room)
        throw new AppError('VALIDATION', `Credit cannot be more than ${money(room)}`, {
          fields: { amount: `Credit cannot be more than ${money(room)}` },
        });
      const year = now.getUTCFullYear();
      const note = await repo.insertCreditNote(tx, {
        purchaseId: p.id,
        invoiceId: invoice.id,
        claimId: claim.id,
        number: creditNoteNumber(year, await repo.nextNumber(tx, 'credit_note', year)),
        amountCents: body.amount,
        reason: 'Inspection guarantee claim: credit',
        issuedAt: now,
      });
      await repo.answerClaim(tx, claim.id, {
        status: 'credited',
        answer: `Credit of ${money(body.amount)} (credit note ${note.number})`,
        creditCents: body.amount,
        answeredBy: actor.userId,
        answeredAt: now,
      });
      return {
        action: 'resolve_claim',
        set: { creditedCents: p.creditedCents + body.amount, statusBeforeDispute: null },
        event: {
          kind: 'claim_credited',
          text: `Claim answered: credit of ${money(body.amount)}, credit note ${note.number}`,
        },
        mail: {
          kind: 'claim_credited',
          extra: { amount: money(body.amount), facts: [['Credit note', note.number]] },
        },
      };
    }
    if (body.answer === 'deny') {
      await repo.answerClaim(tx, claim.id, {
        status: 'denied',
        answer: body.reason,
        answeredBy: actor.userId,
        answeredAt: now,
      });
      return {
        action: 'resolve_claim',
        set: { statusBeforeDispute: null },
        event: { kind: 'claim_denied', text: `Claim denied: ${body.reason}` },
        mail: { kind: 'claim_denied', extra: { note: `Reason: ${body.reason}` } },
      };
    }
    await repo.answerClaim(tx, claim.id, {
      status: 'returned',
      answer: body.reason,
      answeredBy: actor.userId,
      answeredAt: now,
    });
    const refunded = await refundAll(tx, p, actor, now);
    await undoSale(tx, p, now);
    return {
      action: 'return',
      set: {
        cancelReason: `Cancel and return: ${body.reason}`,
        cancelledAt: now,
        statusBeforeDispute: null,
        refundedCents: p.refundedCents + refunded,
      },
      event: {
        kind: 'claim_returned',
        text: `Claim answered: cancel and return (${body.reason})${refunded ? `; refund of ${money(refunded)} recorded` : ''}`,
      },
      mail: {
        kind: 'claim_returned',
        extra: { note: `Reason: ${body.reason}`, facts: refunded ? [['Refund', money(refunded)]] : [] },
      },
    };
  });
}

export type { ClaimAnswerBody };

/** The sale opens in the transaction that accepts the offer, whatever path accepted it (decision 0027). */
export function purchasesSubscriptions(events: DomainEventBus): void {
  events.handleInTransaction('offer.accepted', (ctx, tx, a) => createPurchaseForAcceptedOffer(tx, ctx, a));
}
