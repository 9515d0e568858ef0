import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import { listings, watchlistItems } from '../../db/schema.js';

/** A card of a watched (or recently viewed) tractor, whatever its status now. */
export interface WatchedRow {
  id: string;
  make: string;
  model: string;
  year: number;
  hours: number;
  price_cents: string | number;
  location: string;
  condition: string;
  grade_tenths: number;
  /** The listed hours before an inspector corrected them; null when never corrected. */
  hours_corrected_from: number | null;
  as_is: boolean;
  status: string;
  image_key: string | null;
  image_width: number | null;
  image_height: number | null;
  price_at_watch_cents: string | number;
  watched_at: string;
  added_by_id: string;
  added_by_name: string;
}

/**
 * Whose watchlist: a dealer's dealership (every member shares it); an admin's own watches (no dealership).
 * docs/product/dealer-tools.md#watchlist
 */
export interface WatchScope {
  userId: string;
  dealershipId: string | null;
}

/** The permission: the items of the scope's dealership, or the admin's own items without one. */
function ownedBy(scope: WatchScope): SQL {
  return scope.dealershipId
    ? eq(watchlistItems.dealershipId, scope.dealershipId)
    : (and(eq(watchlistItems.userId, scope.userId), isNull(watchlistItems.dealershipId)) as SQL);
}

/** The listing's price and status, if it is live (only live tractors can be watched). */
export async function liveListingPrice(exec: Executor, listingId: string): Promise<number | null> {
  const rows = await exec
    .select({ priceCents: listings.priceCents })
    .from(listings)
    .where(and(eq(listings.id, listingId), eq(listings.status, 'active')));
  return rows[0] ? Number(rows[0].priceCents) : null;
}

/** Watching twice (or a second member watching) is one item: the first stays with its member and price. */
export async function addWatch(
  exec: Executor,
  scope: WatchScope,
  listingId: string,
  priceCents: number,
  now: Date,
) {
  await exec
    .insert(watchlistItems)
    .values({
      userId: scope.userId,
      dealershipId: scope.dealershipId,
      listingId,
      priceAtWatchCents: priceCents,
      createdAt: now,
    })
    .onConflictDoNothing();
}

export async function removeWatch(exec: Executor, scope: WatchScope, listingId: string): Promise<boolean> {
  const rows = await exec
    .delete(watchlistItems)
    .where(and(ownedBy(scope), eq(watchlistItems.listingId, listingId)))
    .returning({ listingId: watchlistItems.listingId });
  return rows.length > 0;
}

export async function watchedIds(exec: Executor, scope: WatchScope): Promise<string[]> {
  const rows = await exec.select({ id: watchlistItems.listingId }).from(watchlistItems).where(ownedBy(scope));
  return rows.map((r) => r.id);
}

/** The scope's watched tractors with the member who added each, most recently watched first (archived ones show as no longer listed). */
export async function watchedCards(exec: Executor, scope: WatchScope): Promise<WatchedRow[]> {
  const owner = scope.dealershipId
    ? sql`w.dealership_id = ${scope.dealershipId}`
    : sql`w.user_id = ${scope.userId} and w.dealership_id is null`;
  const result = await exec.execute(sql`
    select l.id, l.make, l.model, l.year, l.hours, l.price_cents, l.location, l.condition, l.grade_tenths,
           l.hours_corrected_from, l.as_is_reason is not null as as_is,
           case when l.archived_at is not null and l.status <> 'sold' then 'inactive' else l.status end as status,
           p.storage_key as image_key, p.width as image_width, p.height as image_height,
           w.price_at_watch_cents, w.created_at::text as watched_at,
           u.id as added_by_id, u.name as added_by_name
    from watchlist_items w
    join tractor_listings l on l.id = w.listing_id
    join users u on u.id = w.user_id
    left join tractor_images p on p.listing_id = l.id and p.is_primary
    where ${owner}
    order by w.created_at desc, l.id desc`);
  return rowsOf<WatchedRow>(result);
}

export interface Watcher {
  userId: string;
  email: string;
  name: string;
}

/**
 * Who is told about the listing: every current member (viewers too) of each dealership watching it, and admins
 * watching it themselves; approved dealers and admins only.
 */
export async function watchersOf(exec: Executor, listingId: string): Promise<Watcher[]> {
  return (await watchersOfListings(exec, [listingId])).map(({ userId, email, name }) => ({
    userId,
    email,
    name,
  }));
}

/** watchersOf for many listings in one read: a row per (watcher, listing). */
export async function watchersOfListings(
  exec: Executor,
  listingIds: string[],
): Promise<Array<Watcher & { listingId: string }>> {
  if (listingIds.length === 0) return [];
  const ids = sql.join(
    listingIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await exec.execute(sql`
    select distinct u.id as "userId", u.email, u.name, w.listing_id as "listingId"
    from watchlist_items w
    left join dealership_members m on m.dealership_id = w.dealership_id and m.removed_at is null
    join users u on u.id = case when w.dealership_id is null then w.user_id else m.user_id end
    where w.listing_id in (${ids}) and u.status in ('approved', 'admin')
    order by u.id, w.listing_id`);
  return rowsOf<Watcher & { listingId: string }>(result);
}

export async function listingLabel(exec: Executor, listingId: string) {
  const rows = await exec
    .select({ year: listings.year, make: listings.make, model: listings.model })
    .from(listings)
    .where(eq(listings.id, listingId));
  return rows[0] ?? null;
}
