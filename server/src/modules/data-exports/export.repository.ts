import { and, asc, eq, getTableColumns, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  auditLog,
  creditNotes,
  dataExports,
  dealershipInvites,
  dealershipMembers,
  dealerships,
  inquiryMatches,
  invoices,
  listingFirstLookDealers,
  listings,
  notificationSends,
  offers,
  outbox,
  purchaseClaims,
  purchaseEvents,
  purchaseLedgerEntries,
  purchases,
  recentViews,
  savedSearches,
  sessions,
  timedSaleBids,
  timedSaleLots,
  timedSales,
  userBrandPreferences,
  users,
  wantLists,
  watchlistItems,
} from '../../db/schema.js';

// The reads of a dealership's export (docs/product/accounts.md#download-all-our-data). Each one is scoped in its
// `where` to the dealership or its current members, and leaves out secrets (password hashes, token hashes,
// session ids) and other dealers' ids.

function omit<T extends Record<string, unknown>, K extends keyof T>(cols: T, ...keys: K[]): Omit<T, K> {
  const copy = { ...cols };
  for (const k of keys) delete copy[k];
  return copy;
}

export async function dealershipOf(exec: Executor, dealershipId: string) {
  const [row] = await exec.select().from(dealerships).where(eq(dealerships.id, dealershipId));
  return row;
}

/** Every membership row, removed members too: the team's history is the dealership's. */
export async function memberships(exec: Executor, dealershipId: string) {
  return exec
    .select({ ...getTableColumns(dealershipMembers), name: users.name, email: users.email })
    .from(dealershipMembers)
    .innerJoin(users, eq(users.id, dealershipMembers.userId))
    .where(eq(dealershipMembers.dealershipId, dealershipId))
    .orderBy(asc(dealershipMembers.createdAt));
}

export async function accounts(exec: Executor, userIds: string[]) {
  return exec
    .select(omit(getTableColumns(users), 'passwordHash'))
    .from(users)
    .where(inArray(users.id, userIds))
    .orderBy(asc(users.createdAt));
}

export async function brandPreferences(exec: Executor, userIds: string[]) {
  return exec.select().from(userBrandPreferences).where(inArray(userBrandPreferences.userId, userIds));
}

/** Sign-ins without their id (the hash of the cookie). */
export async function signIns(exec: Executor, userIds: string[]) {
  return exec
    .select(omit(getTableColumns(sessions), 'id'))
    .from(sessions)
    .where(inArray(sessions.userId, userIds))
    .orderBy(asc(sessions.createdAt));
}

export async function invitations(exec: Executor, dealershipId: string) {
  return exec
    .select(omit(getTableColumns(dealershipInvites), 'tokenHash'))
    .from(dealershipInvites)
    .where(eq(dealershipInvites.dealershipId, dealershipId))
    .orderBy(asc(dealershipInvites.createdAt));
}

/** The tractors the members sell (dealer listings) or created. */
export async function listingsOf(exec: Executor, userIds: string[]) {
  return exec
    .select(omit(getTableColumns(listings), 'searchText'))
    .from(listings)
    .where(or(inArray(listings.sellerUserId, userIds), inArray(listings.userId, userIds)))
    .orderBy(asc(listings.createdAt), asc(listings.id));
}

/** The offers the dealership made, with the tractor; the seller's user id is not the dealership's. */
export async function offersMade(exec: Executor, dealershipId: string) {
  return exec
    .select({
      ...omit(getTableColumns(offers), 'sellerUserId', 'idempotencyKey'),
      tractorYear: listings.year,
      tractorMake: listings.make,
      tractorModel: listings.model,
    })
    .from(offers)
    .innerJoin(listings, eq(listings.id, offers.listingId))
    .where(eq(offers.dealershipId, dealershipId))
    .orderBy(asc(offers.createdAt), asc(offers.id));
}

export async function purchasesBought(exec: Executor, dealershipId: string) {
  return exec
    .select({
      ...omit(getTableColumns(purchases), 'sellerUserId'),
      tractorYear: listings.year,
      tractorMake: listings.make,
      tractorModel: listings.model,
    })
    .from(purchases)
    .innerJoin(listings, eq(listings.id, purchases.listingId))
    .where(eq(purchases.dealershipId, dealershipId))
    .orderBy(asc(purchases.createdAt), asc(purchases.id));
}

export async function purchaseParts(exec: Executor, purchaseIds: string[]) {
  if (purchaseIds.length === 0) return { events: [], claims: [], invoices: [], creditNotes: [] };
  const [ev, cl, inv, cn] = await Promise.all([
    exec
      .select(omit(getTableColumns(purchaseEvents), 'actorUserId'))
      .from(purchaseEvents)
      .where(inArray(purchaseEvents.purchaseId, purchaseIds))
      .orderBy(asc(purchaseEvents.id)),
    exec
      .select(omit(getTableColumns(purchaseClaims), 'answeredBy'))
      .from(purchaseClaims)
      .where(inArray(purchaseClaims.purchaseId, purchaseIds)),
    exec.select().from(invoices).where(inArray(invoices.purchaseId, purchaseIds)),
    exec.select().from(creditNotes).where(inArray(creditNotes.purchaseId, purchaseIds)),
  ]);
  return { events: ev, claims: cl, invoices: inv, creditNotes: cn };
}

/**
 * Ledger entries: every entry of the purchases the dealership bought, and the seller's own entries (what it is
 * owed, paid and repays, and the credits it bears) of the purchases of its tractors.
 */
export async function ledgerEntries(exec: Executor, boughtIds: string[], soldIds: string[]) {
  const cols = omit(getTableColumns(purchaseLedgerEntries), 'recordedBy');
  const bought =
    boughtIds.length === 0
      ? []
      : await exec
          .select(cols)
          .from(purchaseLedgerEntries)
          .where(inArray(purchaseLedgerEntries.purchaseId, boughtIds))
          .orderBy(asc(purchaseLedgerEntries.id));
  const sold =
    soldIds.length === 0
      ? []
      : await exec
          .select(cols)
          .from(purchaseLedgerEntries)
          .where(
            and(
              inArray(purchaseLedgerEntries.purchaseId, soldIds),
              or(
                inArray(purchaseLedgerEntries.kind, ['seller_payable', 'payout', 'seller_repayment']),
                eq(purchaseLedgerEntries.bornBy, 'seller'),
                inArray(purchaseLedgerEntries.of, ['seller_payable', 'credit_seller']),
              ),
            ),
          )
          .orderBy(asc(purchaseLedgerEntries.id));
  return { bought, sold };
}

/** The ids of purchases of the members' tractors (the seller's side). */
export async function soldPurchaseIds(exec: Executor, userIds: string[]) {
  const rows = await exec
    .select({ id: purchases.id })
    .from(purchases)
    .where(inArray(purchases.sellerUserId, userIds));
  return rows.map((r) => r.id);
}

/** The tractors whose condition reports the dealership holds: the ones it sells and the ones it bought. */
export async function reportListingIds(exec: Executor, userIds: string[], dealershipId: string) {
  const rows = await exec.execute(sql`
    select id from tractor_listings where seller_user_id in ${userIds} or user_id in ${userIds}
    union
    select listing_id from purchases where dealership_id = ${dealershipId}`);
  return (rows as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
}

export async function watchlist(exec: Executor, dealershipId: string) {
  return exec
    .select({
      ...getTableColumns(watchlistItems),
      tractorYear: listings.year,
      tractorMake: listings.make,
      tractorModel: listings.model,
    })
    .from(watchlistItems)
    .innerJoin(listings, eq(listings.id, watchlistItems.listingId))
    .where(eq(watchlistItems.dealershipId, dealershipId));
}

export async function recentlyViewed(exec: Executor, userIds: string[]) {
  return exec.select().from(recentViews).where(inArray(recentViews.userId, userIds));
}

export async function savedSearchesOf(exec: Executor, userIds: string[]) {
  return exec.select().from(savedSearches).where(inArray(savedSearches.userId, userIds));
}

export async function wantListsOf(exec: Executor, userIds: string[], dealershipId: string) {
  return exec
    .select()
    .from(wantLists)
    .where(
      or(
        eq(wantLists.dealershipId, dealershipId),
        and(isNull(wantLists.dealershipId), inArray(wantLists.userId, userIds)),
      ),
    );
}

/** A farmer's tractor matched to the dealership's want-lists: the match and the answer, never the farmer. */
export async function inquiryMatchesOf(exec: Executor, userIds: string[], dealershipId: string) {
  return exec
    .select()
    .from(inquiryMatches)
    .where(
      or(
        eq(inquiryMatches.dealershipId, dealershipId),
        and(isNull(inquiryMatches.dealershipId), inArray(inquiryMatches.dealerUserId, userIds)),
      ),
    );
}

export async function firstLooks(exec: Executor, dealershipId: string) {
  return exec
    .select()
    .from(listingFirstLookDealers)
    .where(eq(listingFirstLookDealers.dealershipId, dealershipId));
}

export async function listingAlertsSent(exec: Executor, userIds: string[]) {
  return exec.select().from(notificationSends).where(inArray(notificationSends.userId, userIds));
}

/** E-mails to the members: which and when, never their payloads (which may carry single-use links). */
export async function emailsTo(exec: Executor, addresses: string[]) {
  return exec
    .select({
      id: outbox.id,
      template: outbox.template,
      recipient: outbox.recipient,
      status: outbox.status,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
    })
    .from(outbox)
    .where(inArray(outbox.recipient, addresses))
    .orderBy(asc(outbox.id));
}

/**
 * Audit rows about the dealership: those a member did, and those whose details name the dealership or a member
 * (an admin's approval, a removal). The caller hides who else acted.
 */
export async function auditRows(exec: Executor, userIds: string[], dealershipId: string) {
  const ids = [dealershipId, ...userIds];
  return exec
    .select()
    .from(auditLog)
    .where(
      or(
        inArray(auditLog.actorUserId, userIds),
        sql`exists (select 1 from jsonb_each_text(${auditLog.details}) d where d.value in ${ids})`,
      ),
    )
    .orderBy(asc(auditLog.id));
}

export async function exportsOf(exec: Executor, dealershipId: string) {
  return exec
    .select(omit(getTableColumns(dataExports), 'tokenHash', 'storageKey', 'lockedUntil', 'lastError'))
    .from(dataExports)
    .where(eq(dataExports.dealershipId, dealershipId))
    .orderBy(asc(dataExports.createdAt));
}

/**
 * Timed Sale bids the dealership's members placed, and lots its members put in (docs/product/timed-sale.md). Who
 * led a lot after a bid, or leads it now, may be another dealer: those columns are left out.
 */
export async function timedSaleBidsOf(exec: Executor, dealershipId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return exec
    .select({ ...omit(getTableColumns(timedSaleBids), 'leaderAfterUserId'), saleName: timedSales.name })
    .from(timedSaleBids)
    .innerJoin(timedSaleLots, eq(timedSaleLots.id, timedSaleBids.lotId))
    .innerJoin(timedSales, eq(timedSales.id, timedSaleLots.saleId))
    .where(or(eq(timedSaleBids.dealershipId, dealershipId), inArray(timedSaleBids.bidderUserId, userIds)))
    .orderBy(asc(timedSaleBids.createdAt), asc(timedSaleBids.id));
}

export async function timedSaleLotsOf(exec: Executor, userIds: string[]) {
  if (userIds.length === 0) return [];
  return exec
    .select({
      ...omit(
        getTableColumns(timedSaleLots),
        'leaderUserId',
        'leaderDealershipId',
        'leaderMaxCents',
        'bidders',
      ),
      saleName: timedSales.name,
    })
    .from(timedSaleLots)
    .innerJoin(timedSales, eq(timedSales.id, timedSaleLots.saleId))
    .where(inArray(timedSaleLots.sellerUserId, userIds))
    .orderBy(asc(timedSaleLots.closesAt), asc(timedSaleLots.id));
}
