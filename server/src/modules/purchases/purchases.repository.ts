import { and, asc, desc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { PurchaseStatus } from '../../../../domain/purchases.js';
import type { Executor } from '../../db/client.js';
import {
  type BillTo,
  creditNotes,
  documentCounters,
  type InvoiceLine,
  inspectionRevisions,
  invoices,
  listingImages,
  listings,
  purchaseClaims,
  purchaseEvents,
  purchases,
  users,
} from '../../db/schema.js';

/** The only file of the purchases module that touches the database. */

export type PurchaseRow = typeof purchases.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;
export type ClaimRow = typeof purchaseClaims.$inferSelect;
export type EventRow = typeof purchaseEvents.$inferSelect;

/** The next number of a document kind in a year: the counter row stays locked until the transaction ends (gapless). */
export async function nextNumber(exec: Executor, name: string, year: number): Promise<number> {
  const [row] = await exec
    .insert(documentCounters)
    .values({ name, year, value: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.name, documentCounters.year],
      set: { value: sql`${documentCounters.value} + 1` },
    })
    .returning({ value: documentCounters.value });
  return row.value;
}

export async function insertPurchase(exec: Executor, values: typeof purchases.$inferInsert) {
  const [row] = await exec.insert(purchases).values(values).returning();
  return row;
}

export async function insertEvent(
  exec: Executor,
  purchaseId: string,
  kind: string,
  text: string,
  actorUserId: string | null,
  at: Date,
) {
  await exec.insert(purchaseEvents).values({ purchaseId, kind, text, actorUserId, createdAt: at });
}

/**
 * Who reads a purchase (the permission in the where): `buyer` the member who acted or, with `dealershipId`, any
 * member of the buyer's dealership; `seller` the dealer whose own listing was sold (read-only); none: an admin.
 */
export type PurchaseScope =
  | { buyerUserId: string; dealershipId?: string | null }
  | { sellerUserId: string }
  | undefined;

function scopeWhere(scope: PurchaseScope): SQL | undefined {
  if (!scope) return undefined;
  if ('sellerUserId' in scope)
    return and(
      eq(purchases.sellerUserId, scope.sellerUserId),
      sql`exists (select 1 from ${listings} where ${listings.id} = ${purchases.listingId} and ${listings.sellerUserId} = ${scope.sellerUserId})`,
    );
  return scope.dealershipId
    ? or(eq(purchases.buyerUserId, scope.buyerUserId), eq(purchases.dealershipId, scope.dealershipId))
    : eq(purchases.buyerUserId, scope.buyerUserId);
}

/** One purchase within `scope` (none: any, for admins). */
export async function purchaseById(exec: Executor, id: string, scope?: PurchaseScope) {
  const [row] = await exec
    .select()
    .from(purchases)
    .where(and(eq(purchases.id, id), scopeWhere(scope)));
  return row;
}

export async function lockPurchase(exec: Executor, id: string, scope?: PurchaseScope) {
  const [row] = await exec
    .select()
    .from(purchases)
    .where(and(eq(purchases.id, id), scopeWhere(scope)))
    .for('update');
  return row;
}

export async function listPurchases(
  exec: Executor,
  where: { scope?: PurchaseScope; statuses?: PurchaseStatus[] },
) {
  return exec
    .select()
    .from(purchases)
    .where(
      and(scopeWhere(where.scope), where.statuses ? inArray(purchases.status, where.statuses) : undefined),
    )
    .orderBy(desc(purchases.createdAt));
}

/**
 * The conditional update of every move: only when the purchase is still in one of `from`. Returns null when
 * nothing matched (someone else moved it first).
 */
export async function updatePurchase(
  exec: Executor,
  id: string,
  from: PurchaseStatus[],
  set: Partial<typeof purchases.$inferInsert>,
  now: Date,
): Promise<PurchaseRow | null> {
  const [row] = await exec
    .update(purchases)
    .set({ ...set, version: sql`${purchases.version} + 1`, updatedAt: now })
    .where(and(eq(purchases.id, id), inArray(purchases.status, from)))
    .returning();
  return row ?? null;
}

export async function purchaseDetails(exec: Executor, purchaseIds: string[]) {
  if (purchaseIds.length === 0) return { events: [], invoices: [], credits: [], claims: [] };
  const [ev, inv, cn, cl] = await Promise.all([
    exec
      .select()
      .from(purchaseEvents)
      .where(inArray(purchaseEvents.purchaseId, purchaseIds))
      .orderBy(asc(purchaseEvents.id)),
    exec.select().from(invoices).where(inArray(invoices.purchaseId, purchaseIds)),
    exec
      .select()
      .from(creditNotes)
      .where(inArray(creditNotes.purchaseId, purchaseIds))
      .orderBy(asc(creditNotes.issuedAt)),
    exec
      .select()
      .from(purchaseClaims)
      .where(inArray(purchaseClaims.purchaseId, purchaseIds))
      .orderBy(asc(purchaseClaims.createdAt)),
  ]);
  return { events: ev, invoices: inv, credits: cn, claims: cl };
}

export async function listingFacts(exec: Executor, listingIds: string[]) {
  if (listingIds.length === 0) return [];
  return exec
    .select({
      id: listings.id,
      make: listings.make,
      model: listings.model,
      year: listings.year,
      location: listings.location,
      city: listings.city,
      zip: listings.zip,
      // The yard: on the gate pass and the release e-mail once sold (docs/decisions/0041-every-listing-has-a-yard.md).
      yardAddress: listings.yardAddress,
      yardPhone: listings.yardPhone,
      yardHours: listings.yardHours,
      status: listings.status,
      priceCents: listings.priceCents,
      condition: listings.condition,
      hours: listings.hours,
      serialNumber: listings.serialNumber,
      asIsReason: listings.asIsReason,
      // A dealer's listing has its seller; FieldLot's own has none (docs/product/dealer-selling.md).
      sellerUserId: listings.sellerUserId,
      // The outer listing's id spelled out with its table: a one-table select renders columns bare, and a bare
      // "id" inside the subquery would be the image's own id (no photo found, the grey placeholder).
      imageKey: sql<
        string | null
      >`(select ${listingImages.storageKey} from ${listingImages} where ${listingImages.listingId} = ${listings}.${sql.identifier(listings.id.name)} order by ${listingImages.isPrimary} desc, ${listingImages.imageOrder} limit 1)`,
    })
    .from(listings)
    .where(inArray(listings.id, listingIds));
}

export async function revisionNumbers(exec: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return exec
    .select({
      id: inspectionRevisions.id,
      number: inspectionRevisions.number,
      ratings: inspectionRevisions.ratings,
    })
    .from(inspectionRevisions)
    .where(inArray(inspectionRevisions.id, ids));
}

const accountCols = {
  id: users.id,
  name: users.name,
  email: users.email,
  companyName: users.companyName,
  addressLine: users.addressLine,
  addressCity: users.addressCity,
  addressState: users.addressState,
  addressZip: users.addressZip,
  resaleCertificate: users.resaleCertificate,
};
export async function accounts(exec: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return exec.select(accountCols).from(users).where(inArray(users.id, ids));
}
export type AccountRow = Awaited<ReturnType<typeof accounts>>[number];

export async function adminRecipients(exec: Executor) {
  return exec.select({ email: users.email }).from(users).where(eq(users.status, 'admin'));
}

export async function insertInvoice(
  exec: Executor,
  v: {
    purchaseId: string;
    number: string;
    billTo: BillTo;
    lines: InvoiceLine[];
    totalCents: number;
    dueDate: string;
    issuedAt: Date;
  },
) {
  const [row] = await exec.insert(invoices).values(v).returning();
  return row;
}

export async function invoiceOf(exec: Executor, purchaseId: string) {
  const [row] = await exec.select().from(invoices).where(eq(invoices.purchaseId, purchaseId));
  return row;
}

export async function insertCreditNote(exec: Executor, v: typeof creditNotes.$inferInsert) {
  const [row] = await exec.insert(creditNotes).values(v).returning();
  return row;
}

export async function creditNote(exec: Executor, purchaseId: string, id: string) {
  const [row] = await exec
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.id, id), eq(creditNotes.purchaseId, purchaseId)));
  return row;
}

/** Every credit note issued against one invoice. */
export async function creditNotesOfInvoice(exec: Executor, invoiceId: string) {
  return exec.select().from(creditNotes).where(eq(creditNotes.invoiceId, invoiceId));
}

/** The newest credit note of a purchase: the one its claim_credited e-mail carries. */
export async function latestCreditNote(exec: Executor, purchaseId: string) {
  const [row] = await exec
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.purchaseId, purchaseId))
    .orderBy(desc(creditNotes.issuedAt))
    .limit(1);
  return row;
}

export async function insertClaim(exec: Executor, v: typeof purchaseClaims.$inferInsert) {
  const [row] = await exec.insert(purchaseClaims).values(v).returning();
  return row;
}

export async function openClaim(exec: Executor, purchaseId: string) {
  const [row] = await exec
    .select()
    .from(purchaseClaims)
    .where(and(eq(purchaseClaims.purchaseId, purchaseId), eq(purchaseClaims.status, 'open')))
    .for('update');
  return row;
}

export async function answeredClaims(exec: Executor, purchaseId: string) {
  return exec
    .select({ id: purchaseClaims.id })
    .from(purchaseClaims)
    .where(and(eq(purchaseClaims.purchaseId, purchaseId), sql`${purchaseClaims.status} <> 'open'`));
}

export async function answerClaim(
  exec: Executor,
  id: string,
  set: {
    status: 'credited' | 'returned' | 'denied';
    answer: string;
    creditCents?: number;
    answeredBy: string;
    answeredAt: Date;
  },
) {
  const [row] = await exec
    .update(purchaseClaims)
    .set(set)
    .where(and(eq(purchaseClaims.id, id), eq(purchaseClaims.status, 'open')))
    .returning();
  return row ?? null;
}

export async function addClaimPhoto(
  exec: Executor,
  claimId: string,
  photo: { storageKey: string; width: number; height: number },
) {
  const [row] = await exec
    .update(purchaseClaims)
    .set({ photos: sql`${purchaseClaims.photos} || ${JSON.stringify([photo])}::jsonb` })
    .where(and(eq(purchaseClaims.id, claimId), eq(purchaseClaims.status, 'open')))
    .returning({ id: purchaseClaims.id });
  return row ?? null;
}

/** The listing's seller dealer, for their notice and live update; null for FieldLot's own. */
export async function listingSeller(exec: Executor, listingId: string) {
  const [row] = await exec
    .select({ id: users.id, email: users.email })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.sellerUserId))
    .where(and(eq(listings.id, listingId), isNotNull(listings.sellerUserId)));
  return row ?? null;
}

/** Many purchases with their invoices and credit notes at once (a dealership's data export). */
export async function purchasesWithDocuments(exec: Executor, ids: string[]) {
  if (ids.length === 0) return { purchases: [], invoices: [], creditNotes: [] };
  const [p, inv, notes] = await Promise.all([
    exec.select().from(purchases).where(inArray(purchases.id, ids)).orderBy(asc(purchases.createdAt)),
    exec.select().from(invoices).where(inArray(invoices.purchaseId, ids)),
    exec
      .select()
      .from(creditNotes)
      .where(inArray(creditNotes.purchaseId, ids))
      .orderBy(asc(creditNotes.issuedAt)),
  ]);
  return { purchases: p, invoices: inv, creditNotes: notes };
}
