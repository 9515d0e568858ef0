import { and, eq, isNotNull, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { ReviewStatus } from '../../../../domain/dealer-listings.js';
import type { ListingStatus } from '../../../../domain/listings.js';
import { type Executor, type PreparedRaw, prepareRaw, rowsOf } from '../../db/client.js';
import { listings, offers, users } from '../../db/schema.js';
import { emit } from '../../lib/domain-events.js';
import { type FirstLookMoment, outsideFirstLook } from './first-look.js';
import type { ListingPatch, Sort } from './listings.schemas.js';
import {
  afterCursor,
  type Cursor,
  filterConditions,
  isShortTerm,
  orderBy,
  type SearchFilters,
  sortKey,
  whereSql,
} from './search.js';

export interface CardRow {
  id: string;
  make: string;
  model: string;
  year: number;
  hours: number;
  price_cents: string | number;
  location: string;
  condition: string;
  grade_tenths: number;
  hours_corrected_from: number | null;
  as_is: boolean;
  sort_key: string;
  image_key: string | null;
  image_width: number | null;
  image_height: number | null;
}

/** One page of the inventory (limit + 1 rows, so the caller knows whether there is more). */
export async function searchPage(
  exec: Executor,
  filters: SearchFilters,
  sort: Sort,
  cursor: Cursor | undefined,
  limit: number,
): Promise<CardRow[]> {
  const where = filterConditions(filters);
  if (cursor) where.push(afterCursor(cursor));
  return rowsOf<CardRow>(await exec.execute(cardsSql(where, sort, limit, sql``)));
}

/**
 * A first page and its capped count (countMatchesCapped) in one statement, one round trip (decision 0048): the
 * count is an uncorrelated subquery, computed once. An empty page means no match, so its count is 0.
 */
export async function firstPageCounted(
  exec: Executor,
  filters: SearchFilters,
  sort: Sort,
  limit: number,
  cap: number,
): Promise<{ rows: CardRow[]; total: number; capped: boolean }> {
  const now = wholeInventoryAt(filters);
  if (now) {
    const rows = rowsOf<CardRow & { match_count: number }>(
      await wholeInventoryFirstPage(exec, sort).execute({ limit: limit + 1, countLimit: cap + 1, now }),
    );
    return counted(rows, cap);
  }
  return firstPageCountedUnprepared(exec, filters, sort, limit, cap);
}

/** The same first page and count as one plain statement: any filters (the prepared page's reference in tests). */
export async function firstPageCountedUnprepared(
  exec: Executor,
  filters: SearchFilters,
  sort: Sort,
  limit: number,
  cap: number,
): Promise<{ rows: CardRow[]; total: number; capped: boolean }> {
  const count = sql`, ${countMatchesCappedSql(filters, cap)} as match_count`;
  const rows = rowsOf<CardRow & { match_count: number }>(
    await exec.execute(cardsSql(filterConditions(filters), sort, limit, count)),
  );
  return counted(rows, cap);
}

function counted(rows: Array<CardRow & { match_count: number }>, cap: number) {
  const n = Number(rows[0]?.match_count ?? 0);
  return { rows, total: Math.min(n, cap), capped: n > cap };
}

/**
 * The inventory everyone lands on (`/` signed in, the visitors' browse page): no filter but "live" and outside a
 * running first look, which the service always asks for. Its moment, or null for any other filters.
 */
function wholeInventoryAt(filters: SearchFilters): Date | null {
  const { status, firstLookAt, ...rest } = filters;
  if (status !== 'active' || !firstLookAt) return null;
  return filterConditions(rest).length === 0 ? firstLookAt : null;
}

/**
 * The whole inventory's first page with its capped count, as a named prepared statement per sort (decisions 0053
 * and 0056): the same SQL as cardsSql with no filter but "live" and outside a running first look (the moment a
 * parameter), planned once per connection instead of on every request (planning cost more than executing: 1.3 ms
 * against 0.36 ms). Its rows come as the driver reads them, like every raw statement here (the ORM's mapping of
 * each field of each row was an eighth of a computed page's CPU). PGlite ignores the name.
 */
const wholeInventoryStatements = new WeakMap<Executor, Map<Sort, PreparedRaw>>();

/** The statement prepared above (the benchmark's node:http + pg baseline runs its very text). */
export function wholeInventorySql(sort: Sort): SQL {
  const where = sql`l.status = 'active' and ${outsideFirstLook(sql.placeholder('now'))}`;
  const count = sql`, (select count(*)::int from (select 1 from tractor_listings l where ${where} limit ${sql.placeholder('countLimit')}) m) as match_count`;
  return cardsSql([where], sort, sql.placeholder('limit'), count);
}

/**
 * The whole inventory's first page as three statements (the page, its capped count, and activeBrandsSql), as the
 * inventory ran them before decision 0048 joined the first two: the search bench's node:http + pg baseline runs
 * them, the measure the performance budget names (decision 0063). Not run by the app.
 */
export function wholeInventoryApartSql(sort: Sort): { page: SQL; count: SQL } {
  const where = sql`l.status = 'active' and ${outsideFirstLook(sql.placeholder('now'))}`;
  return {
    page: cardsSql([where], sort, sql.placeholder('limit'), sql``),
    count: sql`select count(*)::int as n from (select 1 from tractor_listings l where ${where} limit ${sql.placeholder('countLimit')}) m`,
  };
}

/** The sorts whose statement this database handle has prepared (tests prove the first page takes this path). */
export function preparedWholeInventorySorts(exec: Executor): Sort[] {
  return [...(wholeInventoryStatements.get(exec)?.keys() ?? [])];
}

function wholeInventoryFirstPage(exec: Executor, sort: Sort) {
  const bySort = wholeInventoryStatements.get(exec) ?? new Map();
  wholeInventoryStatements.set(exec, bySort);
  const statement =
    bySort.get(sort) ?? prepareRaw(exec, `inventory_first_page_${sort}`, wholeInventorySql(sort));
  bySort.set(sort, statement);
  return statement;
}

function cardsSql(where: SQL[], sort: Sort, limit: number | Placeholder, extra: SQL) {
  return sql`
    select l.id, l.make, l.model, l.year, l.hours, l.price_cents, l.location, l.condition, l.grade_tenths, l.hours_corrected_from,
           l.as_is_reason is not null as as_is, ${sortKey(sort)} as sort_key,
           p.storage_key as image_key, p.width as image_width, p.height as image_height${extra}
    from tractor_listings l
    left join tractor_images p on p.listing_id = l.id and p.is_primary
    ${whereSql(where)}
    order by ${orderBy(sort)}
    limit ${typeof limit === 'number' ? limit + 1 : limit}`;
}

/**
 * The live tractors under a running first look that `userId`'s dealership holds, matching the inventory filters,
 * newest first, with the window's end (docs/product/want-lists.md#first-look). Few rows: a first look is rare.
 */
export async function firstLookCards(
  exec: Executor,
  userId: string,
  filters: SearchFilters,
  now: Date,
): Promise<Array<CardRow & { first_look_ends: string | Date }>> {
  const held = sql`exists (select 1 from listing_first_looks fl
      join listing_first_look_dealers fd on fd.listing_id = fl.listing_id
      join dealership_members dm on dm.dealership_id = fd.dealership_id and dm.removed_at is null
      where fl.listing_id = l.id and dm.user_id = ${userId}::uuid
        and fl.starts_at is not null and fl.starts_at + make_interval(hours => fl.hours) > ${now})`;
  const ends = sql`, (select fl.starts_at + make_interval(hours => fl.hours) from listing_first_looks fl
      where fl.listing_id = l.id) as first_look_ends`;
  const where = [...filterConditions({ ...filters, status: 'active', firstLookAt: undefined }), held];
  return rowsOf<CardRow & { first_look_ends: string | Date }>(
    await exec.execute(cardsSql(where, 'newest', FIRST_LOOK_CARDS_MAX - 1, ends)),
  );
}
const FIRST_LOOK_CARDS_MAX = 24;

/**
 * The inventory's count: exact up to `cap`, else `{ total: cap, capped: true }` ("1,000+ tractors";
 * estimateMatches then says whether "10,000+"). Counting stops at cap + 1 rows, so a broad filter over a million
 * listings costs what a thousand do (decision 0020).
 */
export async function countMatchesCapped(
  exec: Executor,
  filters: SearchFilters,
  cap: number,
): Promise<{ total: number; capped: boolean }> {
  const result = await exec.execute(sql`select ${countMatchesCappedSql(filters, cap)} as n`);
  const n = Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

/**
 * The matches counted up to cap + 1 (an int expression; more than cap means "past the cap"). A one- or two-letter
 * term matches the start of the make or the model: that OR can only be served by a bitmap of every match or a
 * scan, so it is counted as two disjoint halves (the make's; the model's whose make does not match), each walking
 * its prefix index and stopping at cap + 1. Their sum is exact up to the cap and past it exactly when the whole
 * is (10M listings, "de": 45 ms counted whole, 2 ms in halves; docs/scale.md).
 */
function countMatchesCappedSql(filters: SearchFilters, cap: number): SQL {
  const capped = (where: SQL[]) =>
    sql`(select count(*)::int from (select 1 from tractor_listings l ${whereSql(where)} limit ${cap + 1}) m)`;
  if (!isShortTerm(filters.q)) return capped(filterConditions(filters));
  return sql`(${capped(filterConditions(filters, 'make'))} + ${capped(filterConditions(filters, 'model-not-make'))})`;
}

/**
 * The planner's estimate of the matches (EXPLAIN, nothing run): asked only once the exact count passed its cap,
 * to tell "1,000+" from "10,000+" (decision 0095). Null when the plan cannot be read.
 */
export async function estimateMatches(exec: Executor, filters: SearchFilters): Promise<number | null> {
  const result = await exec.execute(
    sql`explain (format json) select 1 from tractor_listings l ${whereSql(filterConditions(filters))}`,
  );
  const first = rowsOf<Record<string, unknown>>(result)[0];
  const plan = first ? Object.values(first)[0] : null;
  const parsed = typeof plan === 'string' ? JSON.parse(plan) : plan;
  const rows = Array.isArray(parsed) ? parsed[0]?.Plan?.['Plan Rows'] : undefined;
  return typeof rows === 'number' && Number.isFinite(rows) ? rows : null;
}

export async function countMatches(exec: Executor, filters: SearchFilters): Promise<number> {
  const result = await exec.execute(
    sql`select count(*)::int as n from tractor_listings l ${whereSql(filterConditions(filters))}`,
  );
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/**
 * Makes present among active listings outside a running first look at `now`, as the inventory shows them
 * (docs/product/want-lists.md#first-look): a skip scan over (status, make), a few dozen index probes, each
 * passing over a make's hidden tractors only.
 */
export async function activeBrands(exec: Executor, now: Date): Promise<string[]> {
  const statement =
    brandStatements.get(exec) ?? prepareRaw(exec, 'active_brands', activeBrandsSql(sql.placeholder('now')));
  brandStatements.set(exec, statement);
  return rowsOf<{ make: string }>(await statement.execute({ now })).map((r) => r.make);
}

/** The brand list's statement, prepared once per database handle like the first page's. */
const brandStatements = new WeakMap<Executor, PreparedRaw>();

export function activeBrandsSql(now: FirstLookMoment) {
  return sql`
    with recursive b(make) as (
      (select l.make from tractor_listings l where l.status = 'active' and ${outsideFirstLook(now)}
       order by l.make limit 1)
      union all
      select (select l.make from tractor_listings l
              where l.status = 'active' and l.make > b.make and ${outsideFirstLook(now)}
              order by l.make limit 1)
      from b where b.make is not null
    )
    select make from b where make is not null`;
}

export interface AdminRow extends CardRow {
  status: ListingStatus;
  archived_at: string | null;
  offer_count: number;
  watch_count: number;
  created_at: string;
  owner_name: string;
  owner_email: string;
  image_count: number;
  review_status: ReviewStatus | null;
  seller_name: string | null;
  seller_company: string | null;
}

export async function adminPage(
  exec: Executor,
  filters: SearchFilters,
  cursor: Cursor | undefined,
  limit: number,
): Promise<AdminRow[]> {
  const where = filterConditions(filters);
  if (cursor) where.push(afterCursor(cursor));
  const result = await exec.execute(sql`
    select l.id, l.make, l.model, l.year, l.hours, l.price_cents, l.location, l.condition, l.grade_tenths, l.hours_corrected_from,
           l.as_is_reason is not null as as_is, l.status,
           l.created_at::text as created_at, ${sortKey('newest')} as sort_key,
           u.name as owner_name, u.email as owner_email,
           p.storage_key as image_key, p.width as image_width, p.height as image_height,
           (select count(*)::int from tractor_images i where i.listing_id = l.id) as image_count,
           (select count(*)::int from tractor_offers o where o.listing_id = l.id) as offer_count,
           (select count(*)::int from watchlist_items w where w.listing_id = l.id) as watch_count,
           l.archived_at::text as archived_at, l.review_status,
           s.name as seller_name, s.company_name as seller_company
    from tractor_listings l
    join users u on u.id = l.user_id
    left join users s on s.id = l.seller_user_id
    left join tractor_images p on p.listing_id = l.id and p.is_primary
    ${whereSql(where)}
    order by ${orderBy('newest')}
    limit ${limit + 1}`);
  return rowsOf<AdminRow>(result);
}

const detailColumns = {
  id: listings.id,
  userId: listings.userId,
  make: listings.make,
  model: listings.model,
  year: listings.year,
  hours: listings.hours,
  hoursCorrectedFrom: listings.hoursCorrectedFrom,
  priceCents: listings.priceCents,
  location: listings.location,
  city: listings.city,
  zip: listings.zip,
  yardAddress: listings.yardAddress,
  yardPhone: listings.yardPhone,
  yardHours: listings.yardHours,
  condition: listings.condition,
  description: listings.description,
  transmission: listings.transmission,
  frontLoader: listings.frontLoader,
  otherInfo: listings.otherInfo,
  status: listings.status,
  gradeTenths: listings.gradeTenths,
  asIsReason: listings.asIsReason,
  archivedAt: listings.archivedAt,
  createdAt: listings.createdAt,
  sellerUserId: listings.sellerUserId,
  reviewStatus: listings.reviewStatus,
  floorPriceCents: listings.floorPriceCents,
  changeRequestReason: listings.changeRequestReason,
  serialNumber: listings.serialNumber,
  engineHours: listings.engineHours,
  buildYear: listings.buildYear,
  topSpeed: listings.topSpeed,
  frontLinkage: listings.frontLinkage,
  frontPto: listings.frontPto,
  frontSuspension: listings.frontSuspension,
  cabSuspension: listings.cabSuspension,
  midMountValves: listings.midMountValves,
  gps: listings.gps,
  rearTyreSize: listings.rearTyreSize,
  frontTyreSize: listings.frontTyreSize,
  pumpSize: listings.pumpSize,
  numberOfRearRemotes: listings.numberOfRearRemotes,
  rearRemoteType: listings.rearRemoteType,
  airBrakes: listings.airBrakes,
};
export type DetailRow = Awaited<ReturnType<typeof listingById>> & {};

export async function listingById(exec: Executor, id: string) {
  const rows = await exec.select(detailColumns).from(listings).where(eq(listings.id, id));
  return rows[0] ?? null;
}

/** True when this dealer's offer on the listing was accepted (they bought it). */
export async function boughtBy(exec: Executor, listingId: string, userId: string): Promise<boolean> {
  const rows = await exec
    .select({ id: offers.id })
    .from(offers)
    .where(
      and(eq(offers.listingId, listingId), eq(offers.buyerUserId, userId), eq(offers.status, 'accepted')),
    )
    .limit(1);
  return rows.length > 0;
}

export async function userStatus(exec: Executor, userId: string): Promise<string | null> {
  const rows = await exec.select({ status: users.status }).from(users).where(eq(users.id, userId));
  return rows[0]?.status ?? null;
}

export async function firstApprovedUserId(exec: Executor): Promise<string | null> {
  const rows = await exec
    .select({ id: users.id })
    .from(users)
    .where(eq(users.status, 'approved'))
    .orderBy(users.createdAt)
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function insertListings(
  exec: Executor,
  rows: (typeof listings.$inferInsert)[],
): Promise<{ id: string }[]> {
  if (rows.length === 0) return [];
  return exec.insert(listings).values(rows).returning({ id: listings.id });
}

export async function updateListing(
  exec: Executor,
  id: string,
  patch: ListingPatch | { status: 'active' | 'inactive' },
  now: Date,
): Promise<{ id: string; status: ListingStatus } | null> {
  const rows = await exec
    .update(listings)
    .set({ ...patch, updatedAt: now })
    .where(eq(listings.id, id))
    .returning({ id: listings.id, status: listings.status });
  return rows[0] ?? null;
}

/** Status change only from the expected status (sold listings never change here). */
export async function setStatus(
  exec: Executor,
  id: string,
  from: 'active' | 'inactive',
  to: 'active' | 'inactive',
  now: Date,
): Promise<boolean> {
  const rows = await exec
    .update(listings)
    .set({ status: to, updatedAt: now })
    .where(and(eq(listings.id, id), eq(listings.status, from), isNull(listings.archivedAt)))
    .returning({ id: listings.id });
  return rows.length > 0;
}

/** The listing row locked for a delete or archive (offer creation holds a share lock on it: they queue). */
export async function lockListing(
  exec: Executor,
  id: string,
): Promise<{
  status: ListingStatus;
  archivedAt: Date | null;
  make: string;
  model: string;
  gradeTenths: number;
  reviewStatus: ReviewStatus | null;
} | null> {
  const rows = await exec
    .select({
      reviewStatus: listings.reviewStatus,
      status: listings.status,
      archivedAt: listings.archivedAt,
      gradeTenths: listings.gradeTenths,
      make: listings.make,
      model: listings.model,
    })
    .from(listings)
    .where(eq(listings.id, id))
    .for('update');
  return rows[0] ?? null;
}

/** Every offer ever made on the listing, whatever its status. */
export async function offerCount(exec: Executor, listingId: string): Promise<number> {
  const [row] = await exec
    .select({ n: sql<number>`count(*)::int` })
    .from(offers)
    .where(eq(offers.listingId, listingId));
  return Number(row?.n ?? 0);
}

/**
 * An accepted offer sells the listing: only an active one, in the transaction (`exec`) that accepts the offer.
 * Returns the number of rows changed (0: not active any more, the caller refuses the acceptance).
 */
export async function markListingSold(
  exec: Executor,
  listingId: string,
  now: Date,
  buyerUserId: string,
): Promise<number> {
  const rows = await exec
    .update(listings)
    .set({ status: 'sold', soldAt: now, updatedAt: now })
    .where(and(eq(listings.id, listingId), eq(listings.status, 'active')))
    .returning({ id: listings.id });
  // Watchers (all but the buyer) hear of the sale after commit.
  if (rows.length) await emit(exec, 'listing.sold', { listingId, buyerUserId });
  return rows.length;
}

/** Archives (or restores) a listing; archiving takes an active listing out of the inventory. */
export async function setArchived(
  exec: Executor,
  id: string,
  archived: boolean,
  now: Date,
): Promise<boolean> {
  const rows = await exec
    .update(listings)
    .set(
      archived
        ? {
            archivedAt: now,
            status: sql`case when ${listings.status} = 'active' then 'inactive' else ${listings.status} end`,
            updatedAt: now,
          }
        : { archivedAt: null, updatedAt: now },
    )
    .where(and(eq(listings.id, id), archived ? isNull(listings.archivedAt) : isNotNull(listings.archivedAt)))
    .returning({ id: listings.id });
  return rows.length > 0;
}

export async function deleteListing(
  exec: Executor,
  id: string,
): Promise<{ make: string; model: string } | null> {
  const rows = await exec
    .delete(listings)
    .where(eq(listings.id, id))
    .returning({ make: listings.make, model: listings.model });
  return rows[0] ?? null;
}

/** How many dealers watch the listing (shown to admins; dealer-tools.md#watchlist). */
export async function watchCount(exec: Executor, listingId: string): Promise<number> {
  const result = await exec.execute(
    sql`select count(*)::int as n from watchlist_items where listing_id = ${listingId}`,
  );
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/**
 * A sale undone (docs/product/purchases.md#status-machine): the tractor off sale, back to Draft (`reviewStatus`
 * 'draft', a dealer's listing) or inactive (null, FieldLot's own). Called by purchases through index.ts.
 */
/** What the listing stores of its stage (domain `listingStage`), locked for the sale being undone. */
export async function lockListingStage(exec: Executor, listingId: string) {
  const [row] = await exec
    .select({
      status: listings.status,
      reviewStatus: listings.reviewStatus,
      archivedAt: listings.archivedAt,
      sellerUserId: listings.sellerUserId,
    })
    .from(listings)
    .where(eq(listings.id, listingId))
    .for('update');
  return row ?? null;
}

export async function returnToDraft(
  exec: Executor,
  a: { listingId: string; reviewStatus: 'draft' | null; now: Date },
) {
  await exec
    .update(listings)
    .set({ status: 'inactive', soldAt: null, reviewStatus: a.reviewStatus, updatedAt: a.now })
    .where(and(eq(listings.id, a.listingId), eq(listings.status, 'sold')));
}

/**
 * A report or an as-is puts FieldLot's own tractor live; a dealer's listing goes live only when FieldLot
 * approves it in review (docs/product/dealer-selling.md#admin-review), so it keeps its status here.
 */
const liveUnlessInReview = sql<
  'active' | 'inactive'
>`case when ${listings.reviewStatus} is null or ${listings.reviewStatus} = 'approved' then 'active' else ${listings.status} end`;

/** The inspection's outcome on the listing (the inspections module calls it through index.ts). */
export async function setListingGrade(
  exec: Executor,
  listingId: string,
  gradeTenths: number,
  goLive: boolean,
  /** None for the demo's reports, which keep the listing's dates. */
  now?: Date,
) {
  await exec
    .update(listings)
    .set({
      gradeTenths,
      ...(now ? { updatedAt: now } : {}),
      ...(goLive ? { status: liveUnlessInReview } : {}),
    })
    .where(eq(listings.id, listingId));
}

export async function setAsIs(exec: Executor, listingId: string, reason: string, goLive: boolean, now: Date) {
  await exec
    .update(listings)
    .set({ asIsReason: reason, updatedAt: now, ...(goLive ? { status: liveUnlessInReview } : {}) })
    .where(eq(listings.id, listingId));
}

/** The inspector's confirmed meter reading replaces the listed hours (docs/decisions/0042-hours-corrected-at-inspection.md). */
export async function correctListingHours(exec: Executor, listingId: string, hours: number, now: Date) {
  await exec
    .update(listings)
    .set({ hoursCorrectedFrom: sql`${listings.hours}`, hours, updatedAt: now })
    .where(eq(listings.id, listingId));
}
