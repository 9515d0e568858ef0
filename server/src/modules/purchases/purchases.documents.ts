// Who may download a purchase's invoice, credit notes and gate pass, and what goes in them (docs/product/purchases.md).
import type { YardFacts } from '../../../../domain/documents.js';
import { tractorName } from '../../../../domain/listings.js';
import { requireRole } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor, AppContext } from '../../lib/context.js';
import type { TractorFacts } from './purchases.pdf.js';
import * as repo from './purchases.repository.js';
import { buyerScope, PURCHASE_NOT_FOUND, tractorOf } from './purchases.shared.js';

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
  return {
    purchase,
    invoice,
    tractor: await tractorOf(ctx.db, purchase.listingId),
    facts: await tractorFacts(ctx.db, purchase.listingId),
  };
}

/** Serial/PIN, hours and the seller's company for the invoice (docs/product/documents.md). */
export async function tractorFacts(db: AppContext['db'], listingId: string): Promise<TractorFacts> {
  const [listing] = await repo.listingFacts(db, [listingId]);
  const [seller] = listing?.sellerUserId ? await repo.accounts(db, [listing.sellerUserId]) : [];
  return {
    serial: listing?.serialNumber ?? null,
    hours: listing?.hours ?? null,
    sellerCompany: seller?.companyName ?? null,
  };
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
  return gatePassFacts(ctx.db, purchase);
}

/** What the gate pass prints, without the access check (the release e-mail's attachment uses it too). */
export async function gatePassFacts(db: AppContext['db'], purchase: repo.PurchaseRow) {
  const [listing] = await repo.listingFacts(db, [purchase.listingId]);
  const [buyer] = await repo.accounts(db, [purchase.buyerUserId]);
  return {
    purchase,
    tractor: listing ? tractorName(listing) : 'Tractor',
    // The yard fields are read when the listing carries them (docs/decisions/0043-deal-documents.md).
    yard: (listing ?? {}) as YardFacts,
    serial: listing?.serialNumber ?? null,
    buyer: { companyName: buyer?.companyName ?? '', name: buyer?.name ?? '' },
  };
}
