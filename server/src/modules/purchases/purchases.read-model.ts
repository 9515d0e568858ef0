// The purchase as the buyer, the seller dealer and the admin read it (docs/product/purchases.md, dealer-tools.md#purchases).
import { defaultCreditBearer } from '../../../../domain/ledger.js';
import { buyerMoneyOf, sellerLedgerSummary } from '../../../../domain/ledger-api.js';
import { imageUrl, tractorName } from '../../../../domain/listings.js';
import { isInvoiced } from '../../../../domain/purchase-commands.js';
import {
  claimCause,
  deliveryMissing,
  isOverdue,
  nextStepText,
  type PurchaseStatus,
  purchaseActionsFor,
  sellerNextStepText,
  sellerTimeline,
} from '../../../../domain/purchases.js';
import type { Purchase, SoldPurchase } from '../../../../domain/purchases-api.js';
import { requireRole } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor, AppContext } from '../../lib/context.js';
import { deliveryAccountIds } from '../dealerships/index.js';
import { claimCheckpointViews, claimPhotoViews } from './claim-evidence.js';
import { byPurchase, ledgerContext, sellerMoney, summaryOf, toEntry } from './purchases.ledger.js';
import * as ledgerRepo from './purchases.ledger.repository.js';
import * as repo from './purchases.repository.js';
import { buyerAccess, estimateTo, iso, PURCHASE_NOT_FOUND, purchaseFacts } from './purchases.shared.js';

// ---------------------------------------------------------------- reading

export async function toPurchases(
  ctx: AppContext,
  rows: repo.PurchaseRow[],
  /** Whose steps `actions` lists: the admin's, or the buying dealer's (none for a viewer: `canAct` false). */
  reader: { role: 'admin' } | { role: 'buyer'; canAct: boolean },
): Promise<Purchase[]> {
  const db = ctx.db;
  const ids = rows.map((r) => r.id);
  const [details, ledgerRows, listings, buyers, revisions] = await Promise.all([
    repo.purchaseDetails(db, ids),
    ledgerRepo.entriesOf(db, ids),
    repo.listingFacts(db, [...new Set(rows.map((r) => r.listingId))]),
    deliveryAccountIds(db, [...new Set(rows.map((r) => r.buyerUserId))]).then((owners) =>
      repo
        .accounts(db, [...new Set([...owners.keys(), ...owners.values()])])
        .then((accounts) => ({ owners, accounts })),
    ),
    repo.revisionNumbers(
      db,
      rows.map((r) => r.inspectionRevisionId).filter((x): x is string => x !== null),
    ),
  ]);
  const now = ctx.clock.now();
  const ledger = byPurchase(ledgerRows);
  return rows.map((r) => {
    const listing = listings.find((l) => l.id === r.listingId);
    const buyer = buyers.accounts.find((b) => b.id === r.buyerUserId);
    // Deliveries go to the dealership's address, its owner's (decision 0041).
    const deliverTo = buyers.accounts.find((b) => b.id === buyers.owners.get(r.buyerUserId));
    const invoice = details.invoices.find((i) => i.purchaseId === r.id) ?? null;
    const credits = details.credits.filter((c) => c.purchaseId === r.id);
    const entryRows = ledger.get(r.id) ?? [];
    const dealerListing = Boolean(listing?.sellerUserId);
    // Every figure from the ledger (docs/product/purchases.md#the-ledger).
    const s = summaryOf(ctx, r, dealerListing, entryRows.map(toEntry));
    const invoiced = isInvoiced(s);
    const moves = entryRows.filter((e) => e.kind === 'payment' || e.kind === 'refund');
    const creditBearers = new Map(
      entryRows.filter((e) => e.kind === 'credit' && e.claimId).map((e) => [e.claimId, e.bornBy]),
    );
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
        ? estimateTo(ctx, listing?.zip ?? null, deliverTo?.addressZip ?? null)
        : null;
    const step = nextStepText({
      status: r.status,
      fulfilment: r.fulfilment,
      balanceCents: s.buyerBalanceDueCents,
      dueDate: r.dueDate,
      titleReceivedAt: r.titleReceivedAt,
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
      money: buyerMoneyOf(s, r),
      dueDate: r.dueDate,
      overdue: isOverdue(r.status, r.dueDate, invoiced ? s.buyerBalanceDueCents : 1, now),
      fulfilment: r.fulfilment,
      deliveryQuote: quote,
      deliveryMissing:
        r.fulfilment === null && r.status === 'awaiting_payment'
          ? deliveryMissing(!!quote, deliverTo?.addressZip)
          : null,
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
      canAct: reader.role === 'admin' || reader.canAct,
      actions:
        reader.role === 'buyer' && !reader.canAct
          ? []
          : purchaseActionsFor(reader.role, purchaseFacts(r, invoiced), now),
      listing: {
        make: listing?.make ?? '',
        model: listing?.model ?? '',
        year: listing?.year ?? 0,
        location: listing?.location ?? '',
        condition: listing?.condition ?? '',
        hours: listing?.hours ?? 0,
        priceCents: listing?.priceCents ?? r.priceCents,
        status: listing?.status ?? '',
        imageUrl: listing?.imageKey ? imageUrl(listing.imageKey, 400) : null,
        asIsReason: listing?.asIsReason ?? null,
      },
      nextStep: step
        ? { text: step, by: r.status === 'awaiting_payment' && r.fulfilment ? r.dueDate : null }
        : null,
      timeline: details.events
        .filter((e) => e.purchaseId === r.id)
        .map((e) => ({ at: e.createdAt.toISOString(), kind: e.kind, text: e.text })),
      documents,
      payments: moves.map((e) => ({
        id: String(e.id),
        kind: e.kind === 'refund' ? ('refund' as const) : ('payment' as const),
        amountCents: e.amountCents,
        method: e.method ?? 'other',
        reference: e.reference ?? '',
        paidOn: e.paidOn ?? '',
      })),
      refunds: moves
        .filter((e) => e.kind === 'refund')
        .map((e) => ({
          id: String(e.id),
          amountCents: e.amountCents,
          method: e.method ?? 'other',
          reference: e.reference ?? '',
          paidOn: e.paidOn ?? '',
        })),
      claims: claims.map((c) => ({
        id: c.id,
        status: c.status,
        checkpoints: claimCheckpointViews(c.checkpoints, revision?.ratings),
        description: c.description,
        photos: claimPhotoViews(r.id, c.photos),
        answer: c.answer,
        creditCents: c.creditCents,
        bornBy: creditBearers.get(c.id) ?? null,
        defaultBornBy: defaultCreditBearer({
          cause: claimCause(c.checkpoints),
          isDealerListing: dealerListing,
        }),
        createdAt: c.createdAt.toISOString(),
        answeredAt: iso(c.answeredAt),
      })),
      createdAt: r.createdAt.toISOString(),
    };
  });
}

export async function getOne(ctx: AppContext, id: string): Promise<Purchase> {
  const row = await repo.purchaseById(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', PURCHASE_NOT_FOUND);
  const [p] = await toPurchases(ctx, [row], { role: 'admin' });
  return p;
}

export async function myPurchases(ctx: AppContext, actor: Actor): Promise<Purchase[]> {
  requireRole(actor, 'dealer', 'admin');
  const { scope, canAct } = await buyerAccess(ctx, actor);
  return toPurchases(ctx, await repo.listPurchases(ctx.db, { scope }), { role: 'buyer', canAct });
}

export async function myPurchase(ctx: AppContext, actor: Actor, id: string): Promise<Purchase> {
  requireRole(actor, 'dealer', 'admin');
  const { scope, canAct } = await buyerAccess(ctx, actor);
  const row = await repo.purchaseById(ctx.db, id, scope);
  if (!row) throw new AppError('NOT_FOUND', PURCHASE_NOT_FOUND);
  const [p] = await toPurchases(ctx, [row], { role: 'buyer', canAct });
  return p;
}

// ---------------------------------------------------------------- the seller dealer

/**
 * docs/product/purchases.md#the-seller-dealers-view: the purchases of the dealer's own listings, read-only, with the
 * seller fee and proceeds and the buyer's company and contact. Another dealer's purchase answers 404 (the where).
 */
async function toSold(ctx: AppContext, rows: repo.PurchaseRow[]): Promise<SoldPurchase[]> {
  const ids = rows.map((r) => r.id);
  const [details, ledgerRows, listings, buyers] = await Promise.all([
    repo.purchaseDetails(ctx.db, ids),
    ledgerRepo.entriesOf(ctx.db, ids),
    repo.listingFacts(ctx.db, [...new Set(rows.map((r) => r.listingId))]),
    repo.accounts(ctx.db, [...new Set(rows.map((r) => r.buyerUserId))]),
  ]);
  const fee = ctx.config.sellerFeeCents;
  const ledger = byPurchase(ledgerRows);
  return rows.map((r) => {
    const listing = listings.find((l) => l.id === r.listingId);
    const buyer = buyers.find((b) => b.id === r.buyerUserId);
    const entries = (ledger.get(r.id) ?? []).map(toEntry);
    // Proceeds from the ledger: less the credits the seller bears, 0 once cancelled (purchases.md#paying-the-seller).
    const s = sellerLedgerSummary(entries, { ...ledgerContext(ctx, r, true), priceCents: r.priceCents });
    return {
      id: r.id,
      number: r.number,
      offerId: r.offerId,
      listingId: r.listingId,
      status: r.status,
      tractor: listing ? tractorName(listing) : 'Tractor',
      priceCents: r.priceCents,
      sellerFeeCents: fee,
      ...sellerMoney(ctx, r, entries, s),
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
  let items = await toPurchases(ctx, rows, { role: 'admin' });
  if (status === 'overdue') items = items.filter((p) => p.overdue);
  return items.sort((a, b) => Number(b.overdue) - Number(a.overdue));
}

export async function purchaseCounts(ctx: AppContext, actor: Actor) {
  requireRole(actor, 'admin');
  const rows = await repo.listPurchases(ctx.db, {});
  const now = ctx.clock.now();
  const open = rows.filter((r) => r.status !== 'complete' && r.status !== 'cancelled');
  // Only those awaiting payment can be overdue: their balance from the ledger (invoice not issued yet: due).
  const awaiting = rows.filter((r) => r.status === 'awaiting_payment');
  const ledger = byPurchase(
    await ledgerRepo.entriesOf(
      ctx.db,
      awaiting.map((r) => r.id),
    ),
  );
  const dueOf = (r: repo.PurchaseRow) => {
    const s = summaryOf(ctx, r, false, (ledger.get(r.id) ?? []).map(toEntry));
    return s.buyerChargedCents > 0 ? s.buyerBalanceDueCents : 1;
  };
  return {
    awaitingPayment: awaiting.length,
    overdue: awaiting.filter((r) => isOverdue(r.status, r.dueDate, dueOf(r), now)).length,
    toRelease: rows.filter((r) => r.status === 'paid').length,
    openClaims: rows.filter((r) => r.status === 'in_dispute').length,
    inProgress: open.length,
  };
}
