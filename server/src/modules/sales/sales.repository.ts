// The Timed Sale's SQL (docs/product/timed-sale.md): sales, lots and bids are this module's tables.
import { and, asc, count, eq, gt, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LotStatus } from '../../../../domain/timed-sale.js';
import { type Executor, rowsOf } from '../../db/client.js';
import { listingImages, listings, timedSaleBids, timedSaleLots, timedSales, users } from '../../db/schema.js';
import { filterConditions, type SearchFilters } from '../listings/index.js';

export type SaleRow = typeof timedSales.$inferSelect;
export type LotRow = typeof timedSaleLots.$inferSelect;
export type BidRow = typeof timedSaleBids.$inferSelect;

export async function insertSale(exec: Executor, s: typeof timedSales.$inferInsert): Promise<SaleRow> {
  const [row] = await exec.insert(timedSales).values(s).returning();
  return row;
}

export async function findSale(exec: Executor, id: string): Promise<SaleRow | null> {
  const [row] = await exec.select().from(timedSales).where(eq(timedSales.id, id));
  return row ?? null;
}

/** Locks the sale while a lot is added, so two lots never take the same place in the run list. */
export async function lockSale(exec: Executor, id: string): Promise<SaleRow | null> {
  const [row] = await exec.select().from(timedSales).where(eq(timedSales.id, id)).for('update');
  return row ?? null;
}

export async function listSales(exec: Executor): Promise<Array<SaleRow & { lotCount: number }>> {
  const rows = await exec
    .select({ sale: timedSales, lotCount: count(timedSaleLots.id) })
    .from(timedSales)
    .leftJoin(timedSaleLots, eq(timedSaleLots.saleId, timedSales.id))
    .groupBy(timedSales.id)
    .orderBy(asc(timedSales.startsAt));
  return rows.map((r) => ({ ...r.sale, lotCount: Number(r.lotCount) }));
}

export async function lotCount(exec: Executor, saleId: string): Promise<number> {
  const [row] = await exec.select({ n: count() }).from(timedSaleLots).where(eq(timedSaleLots.saleId, saleId));
  return Number(row?.n ?? 0);
}

/** The listing as a lot needs it, locked so its stage cannot change while it goes into a sale. */
export async function lockListing(exec: Executor, id: string) {
  const [row] = await exec
    .select({
      id: listings.id,
      userId: listings.userId,
      sellerUserId: listings.sellerUserId,
      status: listings.status,
      floorPriceCents: listings.floorPriceCents,
      priceCents: listings.priceCents,
    })
    .from(listings)
    .where(eq(listings.id, id))
    .for('update');
  return row ?? null;
}

export async function insertLot(exec: Executor, l: typeof timedSaleLots.$inferInsert): Promise<LotRow> {
  const [row] = await exec.insert(timedSaleLots).values(l).returning();
  return row;
}

export async function lockLot(exec: Executor, id: string): Promise<LotRow | null> {
  const [row] = await exec.select().from(timedSaleLots).where(eq(timedSaleLots.id, id)).for('update');
  return row ?? null;
}

export async function findLot(exec: Executor, id: string): Promise<LotRow | null> {
  const [row] = await exec.select().from(timedSaleLots).where(eq(timedSaleLots.id, id));
  return row ?? null;
}

/** The lot's state after an accepted bid; only while it is open (a closed lot never changes here). */
export async function updateLotAfterBid(
  exec: Executor,
  id: string,
  s: {
    priceCents: number | null;
    leaderUserId: string | null;
    leaderDealershipId: string | null;
    leaderMaxCents: number | null;
    bidCount: number;
    bidders: string[];
    closesAt: Date;
    now: Date;
  },
): Promise<void> {
  await exec
    .update(timedSaleLots)
    .set({
      priceCents: s.priceCents,
      leaderUserId: s.leaderUserId,
      leaderDealershipId: s.leaderDealershipId,
      leaderMaxCents: s.leaderMaxCents,
      bidCount: s.bidCount,
      bidders: s.bidders,
      closesAt: s.closesAt,
      updatedAt: s.now,
    })
    .where(and(eq(timedSaleLots.id, id), eq(timedSaleLots.status, 'open')));
}

export async function insertBid(
  exec: Executor,
  b: typeof timedSaleBids.$inferInsert,
): Promise<BidRow | null> {
  const rows = await exec
    .insert(timedSaleBids)
    .values(b)
    .onConflictDoNothing({ target: [timedSaleBids.bidderUserId, timedSaleBids.idempotencyKey] })
    .returning();
  return rows[0] ?? null;
}

export async function findBidByKey(
  exec: Executor,
  bidderUserId: string,
  key: string,
): Promise<BidRow | null> {
  const [row] = await exec
    .select()
    .from(timedSaleBids)
    .where(and(eq(timedSaleBids.bidderUserId, bidderUserId), eq(timedSaleBids.idempotencyKey, key)));
  return row ?? null;
}

export async function bidsOfLot(exec: Executor, lotId: string): Promise<BidRow[]> {
  return exec
    .select()
    .from(timedSaleBids)
    .where(eq(timedSaleBids.lotId, lotId))
    .orderBy(asc(timedSaleBids.createdAt), asc(timedSaleBids.id));
}

export async function userNames(exec: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return exec
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
}

/** The listings as the run list reads them: `l`, the alias the inventory's filter rules are written over. */
const l = alias(listings, 'l');

export interface RunListFilters {
  /** One lot only (a bid's answer, a lot's history). */
  lotId?: string;
  /** The inventory's filters (docs/product/timed-sale.md#the-run-list); prices apply to the current bid. */
  filters?: SearchFilters;
}

/** The run list: every lot of the sale in order (or those the filters match) with its tractor and main photo. */
export async function runList(exec: Executor, saleId: string, opts: RunListFilters = {}) {
  const where: SQL[] = [eq(timedSaleLots.saleId, saleId)];
  if (opts.lotId) where.push(eq(timedSaleLots.id, opts.lotId));
  if (opts.filters) {
    const { priceMin, priceMax, ...tractor } = opts.filters;
    where.push(...filterConditions(tractor));
    // A lot without a bid stands at $0.
    if (priceMin !== undefined) where.push(sql`coalesce(${timedSaleLots.priceCents}, 0) >= ${priceMin}`);
    if (priceMax !== undefined) where.push(sql`coalesce(${timedSaleLots.priceCents}, 0) <= ${priceMax}`);
  }
  return exec
    .select({
      lot: timedSaleLots,
      make: l.make,
      model: l.model,
      year: l.year,
      hours: l.hours,
      gradeTenths: l.gradeTenths,
      location: l.location,
      zip: l.zip,
      transmission: l.transmission,
      frontLoader: l.frontLoader,
      imageKey: listingImages.storageKey,
      imageWidth: listingImages.width,
      imageHeight: listingImages.height,
    })
    .from(timedSaleLots)
    .innerJoin(l, eq(l.id, timedSaleLots.listingId))
    .leftJoin(listingImages, and(eq(listingImages.listingId, l.id), eq(listingImages.isPrimary, true)))
    .where(and(...where))
    .orderBy(asc(timedSaleLots.position));
}

/** The brands of a sale's tractors, for the run list's brand filter. */
export async function saleBrands(exec: Executor, saleId: string): Promise<string[]> {
  const rows = await exec
    .selectDistinct({ make: listings.make })
    .from(timedSaleLots)
    .innerJoin(listings, eq(listings.id, timedSaleLots.listingId))
    .where(eq(timedSaleLots.saleId, saleId))
    .orderBy(asc(listings.make));
  return rows.map((r) => r.make);
}

/**
 * The next lot due to close, locked and skipped by any other instance's worker holding it: each lot closes in
 * one transaction of its own, one by one (docs/product/timed-sale.md#the-close).
 */
export async function claimDueLot(exec: Executor, now: Date): Promise<LotRow | null> {
  const [row] = await exec
    .select()
    .from(timedSaleLots)
    .where(and(eq(timedSaleLots.status, 'open'), lte(timedSaleLots.closesAt, now)))
    .orderBy(asc(timedSaleLots.closesAt), asc(timedSaleLots.position))
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

export async function claimLapsedIf(exec: Executor, now: Date): Promise<LotRow | null> {
  const [row] = await exec
    .select()
    .from(timedSaleLots)
    .where(and(eq(timedSaleLots.status, 'if_pending'), lte(timedSaleLots.ifDeadline, now)))
    .orderBy(asc(timedSaleLots.ifDeadline))
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

/** Moves a lot from one stage to the next; 0 when another transaction moved it first (it never moves twice). */
export async function moveLot(
  exec: Executor,
  id: string,
  from: LotStatus,
  to: { status: LotStatus; now: Date; closedAt?: Date; ifDeadline?: Date | null; offerId?: string | null },
): Promise<number> {
  const rows = await exec
    .update(timedSaleLots)
    .set({
      status: to.status,
      updatedAt: to.now,
      ...(to.closedAt ? { closedAt: to.closedAt } : {}),
      ...(to.ifDeadline !== undefined ? { ifDeadline: to.ifDeadline } : {}),
      ...(to.offerId !== undefined ? { offerId: to.offerId } : {}),
    })
    .where(and(eq(timedSaleLots.id, id), eq(timedSaleLots.status, from)))
    .returning({ id: timedSaleLots.id });
  return rows.length;
}

/** Is the listing in a running sale? (The offers module asks, through this module's index.) */
export async function listingInRunningSale(exec: Executor, listingId: string): Promise<boolean> {
  const rows = await exec
    .select({ id: timedSaleLots.id })
    .from(timedSaleLots)
    .where(and(eq(timedSaleLots.listingId, listingId), sql`${timedSaleLots.status} in ('open','if_pending')`))
    .limit(1);
  return rows.length > 0;
}

export async function setLotOffer(exec: Executor, id: string, offerId: string, now: Date): Promise<void> {
  await exec.update(timedSaleLots).set({ offerId, updatedAt: now }).where(eq(timedSaleLots.id, id));
}

export async function tractorOf(exec: Executor, listingId: string) {
  const [row] = await exec
    .select({ make: listings.make, model: listings.model, year: listings.year })
    .from(listings)
    .where(eq(listings.id, listingId));
  return row ?? null;
}

/**
 * The next sale starting within the hour whose watchers have not been told, locked (another instance's worker
 * skips it) and claimed by marking it told: one transaction sends its notices once (docs/product/timed-sale.md#notices).
 */
export async function claimStartingSale(exec: Executor, now: Date, within: Date): Promise<SaleRow | null> {
  const [row] = await exec
    .select()
    .from(timedSales)
    .where(
      and(
        isNull(timedSales.startingNoticeAt),
        gt(timedSales.startsAt, now),
        lte(timedSales.startsAt, within),
      ),
    )
    .orderBy(asc(timedSales.startsAt))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!row) return null;
  const claimed = await exec
    .update(timedSales)
    .set({ startingNoticeAt: now })
    .where(and(eq(timedSales.id, row.id), isNull(timedSales.startingNoticeAt)))
    .returning({ id: timedSales.id });
  return claimed.length ? row : null;
}

/** The sale's tractors in run-list order (the starting notice names the watched ones). */
export async function tractorsOfSale(exec: Executor, saleId: string) {
  return exec
    .select({
      listingId: timedSaleLots.listingId,
      make: listings.make,
      model: listings.model,
      year: listings.year,
    })
    .from(timedSaleLots)
    .innerJoin(listings, eq(listings.id, timedSaleLots.listingId))
    .where(eq(timedSaleLots.saleId, saleId))
    .orderBy(asc(timedSaleLots.position));
}

export interface BidderReportRow {
  bidderUserId: string;
  bidderName: string;
  bidderEmail: string;
  bidderCompany: string;
  sellerName: string;
  bids: number;
  lots: number;
  wins: number;
}

/**
 * Bidders who bid on one seller's closed lots far more than they win (docs/product/timed-sale.md#rules-against-games):
 * per bidder and seller (the seller's dealership, else the seller), their accepted bids, the lots they bid on and
 * the lots they won, kept when bids and lots reach the rule's floors and wins stay under its share.
 */
export async function bidderReport(
  exec: Executor,
  rule: { minBids: number; minLots: number; maxWinShare: number },
): Promise<BidderReportRow[]> {
  const result = await exec.execute(sql`
    with per_lot as (
      select b.bidder_user_id, b.lot_id, count(*)::int as bids
      from timed_sale_bids b
      join timed_sale_lots t on t.id = b.lot_id
      where t.status <> 'open'
      group by b.bidder_user_id, b.lot_id
    )
    select p.bidder_user_id as "bidderUserId", bu.name as "bidderName", bu.email as "bidderEmail",
      bu.company_name as "bidderCompany",
      coalesce(min(sd.name), min(su.company_name)) as "sellerName",
      sum(p.bids)::int as bids, count(*)::int as lots,
      (count(*) filter (where t.status in ('sold', 'if_accepted') and t.leader_user_id = p.bidder_user_id))::int
        as wins
    from per_lot p
    join timed_sale_lots t on t.id = p.lot_id
    join users bu on bu.id = p.bidder_user_id
    join users su on su.id = t.seller_user_id
    left join dealership_members sm on sm.user_id = t.seller_user_id
    left join dealerships sd on sd.id = sm.dealership_id
    group by p.bidder_user_id, bu.name, bu.email, bu.company_name, coalesce(sm.dealership_id, t.seller_user_id)
    having sum(p.bids) >= ${rule.minBids} and count(*) >= ${rule.minLots}
      and count(*) filter (where t.status in ('sold', 'if_accepted') and t.leader_user_id = p.bidder_user_id)
        < ${rule.maxWinShare}::numeric * count(*)
    order by bids desc, "bidderName"`);
  return rowsOf<BidderReportRow>(result);
}
