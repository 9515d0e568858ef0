import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { SavedSearchAlert } from '../../../../domain/dealer-tools.js';
import { type Executor, rowsOf } from '../../db/client.js';
import { savedSearches } from '../../db/schema.js';
import { firstLookAdmits } from '../listings/index.js';
import { savedSearchMatches } from './match.js';

const columns = {
  id: savedSearches.id,
  userId: savedSearches.userId,
  name: savedSearches.name,
  filters: savedSearches.filters,
  alert: savedSearches.alert,
  createdAt: savedSearches.createdAt,
};
export interface SavedSearchRow {
  id: string;
  userId: string;
  name: string;
  filters: Record<string, unknown>;
  alert: SavedSearchAlert;
  createdAt: Date;
}

export async function searchesOf(exec: Executor, userId: string): Promise<SavedSearchRow[]> {
  return exec
    .select(columns)
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
}

export async function countOf(exec: Executor, userId: string): Promise<number> {
  const [row] = await exec.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
  return Number(row?.n ?? 0);
}

/** Null when the dealer already has a search of that name (any case): the unique index decides, race-free. */
export async function insertSearch(
  exec: Executor,
  row: { userId: string; name: string; filters: Record<string, unknown>; alert: SavedSearchAlert; now: Date },
): Promise<SavedSearchRow | null> {
  const rows = await exec
    .insert(savedSearches)
    .values({
      userId: row.userId,
      name: row.name,
      filters: row.filters,
      alert: row.alert,
      createdAt: row.now,
      updatedAt: row.now,
    })
    .onConflictDoNothing()
    .returning(columns);
  return rows[0] ?? null;
}

/** The owner's search, locked for a change (the owner's id is in the where: another dealer's is "not found"). */
export async function lockOwn(exec: Executor, userId: string, id: string): Promise<SavedSearchRow | null> {
  const rows = await exec
    .select(columns)
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .for('update');
  return rows[0] ?? null;
}

export async function nameTaken(exec: Executor, userId: string, name: string, exceptId: string) {
  const result = await exec.execute(sql`
    select 1 from saved_searches
    where user_id = ${userId} and lower(name) = lower(${name}) and id <> ${exceptId} limit 1`);
  return rowsOf(result).length > 0;
}

export async function updateSearch(
  exec: Executor,
  id: string,
  patch: { name?: string; alert?: SavedSearchAlert },
  now: Date,
): Promise<SavedSearchRow | null> {
  const rows = await exec
    .update(savedSearches)
    .set({ ...patch, updatedAt: now })
    .where(eq(savedSearches.id, id))
    .returning(columns);
  return rows[0] ?? null;
}

export async function deleteOwn(exec: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await exec
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

export interface AlertRow {
  search_id: string;
  search_name: string;
  user_id: string;
  email: string;
  name: string;
  filters: Record<string, unknown>;
}

/**
 * The instant alerts one live listing earns, claimed in one statement: every instant saved search whose filters
 * match it (in SQL), of an approved dealer with listing e-mails on who is not its seller, that never alerted about
 * it; recorded in saved_search_sends (`on conflict do nothing`: a concurrent claim gets nothing, so once).
 */
export async function claimInstantAlerts(exec: Executor, listingId: string, now: Date): Promise<AlertRow[]> {
  const result = await exec.execute(sql`
    with matched as (
      select s.id, s.user_id from saved_searches s
      join tractor_listings l on l.id = ${listingId} and l.status = 'active' and l.user_id <> s.user_id
      join users u on u.id = s.user_id and u.status = 'approved' and u.email_notifications
      where s.alert = 'instant' and ${savedSearchMatches()}
        and ${firstLookAdmits(sql.raw('l.id'), sql.raw('s.user_id'), now)}
    ), ins as (
      insert into saved_search_sends (search_id, listing_id, sent_at)
      select id, ${listingId}, ${now} from matched
      on conflict do nothing
      returning search_id
    )
    select s.id as search_id, s.name as search_name, s.user_id, u.email, u.name, s.filters
    from ins join saved_searches s on s.id = ins.search_id join users u on u.id = s.user_id
    order by u.id, s.name`);
  return rowsOf<AlertRow>(result);
}

/** A brand search (brand preferences became these, decision 0021): named after the brand, filters { brand }. */
export async function brandSearchesOf(exec: Executor, userId: string) {
  const result = await exec.execute(sql`
    select id, filters->>'brand' as "brandName" from saved_searches
    where user_id = ${userId} and filters ? 'brand' and (select count(*) from jsonb_object_keys(filters)) = 1
    order by lower(filters->>'brand')`);
  return rowsOf<{ id: string; brandName: string }>(result);
}

export async function addBrandSearches(
  exec: Executor,
  userId: string,
  brands: readonly string[],
  alert: SavedSearchAlert,
  now: Date,
) {
  if (brands.length === 0) return;
  await exec
    .insert(savedSearches)
    .values(
      brands.map((b) => ({
        userId,
        name: b.slice(0, 80),
        filters: { brand: b },
        alert,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
}

export async function removeBrandSearch(exec: Executor, userId: string, brand: string) {
  await exec.execute(sql`
    delete from saved_searches
    where user_id = ${userId} and lower(filters->>'brand') = lower(${brand})
      and (select count(*) from jsonb_object_keys(filters)) = 1`);
}

export async function listingFacts(exec: Executor, listingId: string) {
  const result = await exec.execute(sql`
    select id, make, model, year, hours, price_cents::bigint as "priceCents", location, as_is_reason as "asIsReason",
           condition, grade_tenths as "gradeTenths", hours_corrected_from as "hoursCorrectedFrom"
    from tractor_listings where id = ${listingId}`);
  const [row] = rowsOf<{
    id: string;
    make: string;
    model: string;
    year: number;
    hours: number;
    priceCents: string | number;
    location: string;
    asIsReason: string | null;
    condition: string;
    gradeTenths: number;
    hoursCorrectedFrom: number | null;
  }>(result);
  if (!row) return null;
  const { gradeTenths, hoursCorrectedFrom, ...facts } = row;
  return {
    ...facts,
    year: Number(row.year),
    hours: Number(row.hours),
    priceCents: Number(row.priceCents),
    grade: Number(gradeTenths) ? Number(gradeTenths) / 10 : null,
    hoursCorrectedFrom: hoursCorrectedFrom === null ? null : Number(hoursCorrectedFrom),
  };
}

/**
 * The daily digest's listings count as the alerts of the recipients' daily searches they match: never alerted
 * again (once per listing). Called by notifications in the digest's transaction.
 */
export async function recordDailyAlerts(
  exec: Executor,
  sent: Array<{ userId: string; listingId: string }>,
  now: Date,
): Promise<void> {
  if (sent.length === 0) return;
  await exec.execute(sql`
    insert into saved_search_sends (search_id, listing_id, sent_at)
    select s.id, p."listingId", ${now} from jsonb_to_recordset(${JSON.stringify(sent)}::jsonb) as p("userId" uuid, "listingId" uuid)
    join saved_searches s on s.user_id = p."userId" and s.alert = 'daily'
    join tractor_listings l on l.id = p."listingId"
    where ${savedSearchMatches()}
    on conflict do nothing`);
}
