import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import { listingFirstLookDealers, listingFirstLooks } from '../../db/schema.js';
import { type DomainEventBus, emit } from '../../lib/domain-events.js';

/**
 * docs/product/want-lists.md#first-look: a farmer's tractor is shown only to the dealerships granted its first
 * look from the moment it first goes live until `hours` later, then to everyone. A window not yet started (the
 * listing not yet live, or its publication event not yet delivered) counts as running.
 */

/** The time a first look is judged at: a value, or a prepared statement's parameter (decision 0056). */
export type FirstLookMoment = Date | Placeholder;

/** True (in SQL) while listing `l` is under a running first look: outsiders must not see it. */
export function firstLookRunning(listingId: SQL, now: FirstLookMoment): SQL {
  return sql`exists (select 1 from listing_first_looks fl where fl.listing_id = ${listingId}
    and (fl.starts_at is null or fl.starts_at + make_interval(hours => fl.hours) > ${now}))`;
}

/**
 * True (in SQL) when user `userId` may see listing `listingId` as far as the first look goes: no running window,
 * or the user is a current member of a dealership granted it.
 */
export function firstLookAdmits(listingId: SQL, userId: SQL, now: Date): SQL {
  return sql`(not ${firstLookRunning(listingId, now)} or exists (
    select 1 from listing_first_look_dealers fd
    join dealership_members dm on dm.dealership_id = fd.dealership_id and dm.removed_at is null
    where fd.listing_id = ${listingId} and dm.user_id = ${userId}))`;
}

/** The inventory's condition over `tractor_listings l`: listings under a running first look are left out. */
export const outsideFirstLook = (now: FirstLookMoment): SQL =>
  sql`not ${firstLookRunning(sql.raw('l.id'), now)}`;

/** Who asks: admins and the listing's seller are never kept out (decision 0049). */
export type FirstLookViewer = { userId: string; status: string } | null;

/**
 * True (in SQL) when a running first look keeps `viewer` from listing `listingId`. The one rule every route that
 * takes a listing id from outside applies (docs/product/want-lists.md#first-look): a hidden tractor answers as a
 * missing one.
 */
export function firstLookHides(listingId: SQL, viewer: FirstLookViewer, now: Date): SQL {
  if (!viewer) return firstLookRunning(listingId, now);
  if (viewer.status === 'admin') return sql`false`;
  const userId = sql`${viewer.userId}::uuid`;
  return sql`(not ${firstLookAdmits(listingId, userId, now)} and not exists (
    select 1 from tractor_listings own where own.id = ${listingId} and own.seller_user_id = ${userId}))`;
}

/** Whether a running first look keeps `viewer` (null: a visitor) from this listing; see firstLookHides. */
export async function firstLookHidesFrom(
  exec: Executor,
  listingId: string,
  viewer: FirstLookViewer,
  now: Date,
): Promise<boolean> {
  const result = await exec.execute(
    sql`select ${firstLookHides(sql`${listingId}::uuid`, viewer, now)} as hidden`,
  );
  return Boolean(rowsOf<{ hidden: boolean }>(result)[0]?.hidden);
}

/**
 * Grants the first look of a listing (still a draft) to dealerships, for `hours` once it goes live. Idempotent:
 * a repeated grant adds dealerships but keeps the window's length. No dealership: no window (everyone sees it).
 */
export async function grantFirstLook(
  exec: Executor,
  listingId: string,
  dealershipIds: readonly string[],
  hours: number,
  now: Date,
): Promise<void> {
  if (dealershipIds.length === 0 || hours <= 0) return;
  await exec.insert(listingFirstLooks).values({ listingId, hours, createdAt: now }).onConflictDoNothing();
  await exec
    .insert(listingFirstLookDealers)
    .values(dealershipIds.map((dealershipId) => ({ listingId, dealershipId, createdAt: now })))
    .onConflictDoNothing();
}

/**
 * The listing went live: its first look (if any) starts now, once (a later relisting does not restart it), and
 * its end is stated now, due when the window ends, so the dealers kept out are alerted then, once (decision 0057).
 */
export async function startFirstLook(exec: Executor, listingId: string, now: Date): Promise<void> {
  const started = await exec.execute(sql`
    update listing_first_looks set starts_at = ${now} where listing_id = ${listingId} and starts_at is null
    returning starts_at + make_interval(hours => hours) as ends`);
  const ends = rowsOf<{ ends: string | Date }>(started)[0]?.ends;
  if (ends) await emit(exec, 'listing.first-look-ended', { listingId }, { at: new Date(ends) });
}

/** When a listing's first look ends (null: none, or not live yet). */
export async function firstLookEndsAt(exec: Executor, listingId: string): Promise<Date | null> {
  const result = await exec.execute(sql`
    select starts_at + make_interval(hours => hours) as ends from listing_first_looks where listing_id = ${listingId}`);
  const ends = rowsOf<{ ends: string | Date | null }>(result)[0]?.ends;
  return ends ? new Date(ends) : null;
}

/**
 * The moment to judge a listing's visibility at when its `listing.first-look-ended` is delivered: now, or the
 * window's end if the database's clock made the event due a little before the app's (never inside the window).
 */
export async function firstLookOverAt(exec: Executor, listingId: string, now: Date): Promise<Date> {
  const ends = await firstLookEndsAt(exec, listingId);
  return ends && ends > now ? ends : now;
}

/** The listings module hears its own publication (decision 0027): the first look's window starts then. */
export function listingsSubscriptions(events: DomainEventBus): void {
  events.subscribe('listing.published', 'listings.first-look', (ctx, tx, e) =>
    startFirstLook(tx, e.listingId, ctx.clock.now()),
  );
}
