import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { WantAnswer, WantListForm } from '../../../../domain/want-lists.js';
import { type Executor, rowsOf } from '../../db/client.js';
import { inquiryMatches, users, wantLists } from '../../db/schema.js';
import { firstLookAdmits } from '../listings/index.js';

const columns = {
  id: wantLists.id,
  userId: wantLists.userId,
  dealershipId: wantLists.dealershipId,
  make: wantLists.make,
  modelWords: wantLists.modelWords,
  yearMin: wantLists.yearMin,
  yearMax: wantLists.yearMax,
  maxHours: wantLists.maxHours,
  maxPriceCents: wantLists.maxPriceCents,
  maxDistanceMiles: wantLists.maxDistanceMiles,
  states: wantLists.states,
  notes: wantLists.notes,
  createdAt: wantLists.createdAt,
  updatedAt: wantLists.updatedAt,
};
export type WantListRow = {
  id: string;
  userId: string;
  dealershipId: string | null;
  createdAt: Date;
  updatedAt: Date;
} & WantListForm;

/** The dealership's want-lists (every member's), oldest first, with the name of who made each. */
export async function listsOf(exec: Executor, dealershipId: string) {
  return exec
    .select({ ...columns, createdByName: users.name })
    .from(wantLists)
    .innerJoin(users, eq(users.id, wantLists.userId))
    .where(eq(wantLists.dealershipId, dealershipId))
    .orderBy(asc(wantLists.createdAt), asc(wantLists.id));
}

export async function countOf(exec: Executor, dealershipId: string): Promise<number> {
  const [row] = await exec
    .select({ n: count() })
    .from(wantLists)
    .where(eq(wantLists.dealershipId, dealershipId));
  return Number(row?.n ?? 0);
}

/**
 * How many want-lists, across all dealerships, ask for a make and model family: the make's lists whose model words
 * are empty or contain the family's name (docs/product/market.md#what-the-page-shows).
 */
export async function countForFamily(exec: Executor, make: string, family: string): Promise<number> {
  const [row] = await exec
    .select({ n: count() })
    .from(wantLists)
    .where(
      and(
        sql`lower(${wantLists.make}) = lower(${make})`,
        sql`(${wantLists.modelWords} = '' or position(lower(${family}) in lower(${wantLists.modelWords})) > 0)`,
      ),
    );
  return Number(row?.n ?? 0);
}

export async function insertList(
  exec: Executor,
  row: WantListForm & { userId: string; dealershipId: string; now: Date },
): Promise<WantListRow> {
  const { now, ...values } = row;
  const [created] = await exec
    .insert(wantLists)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning(columns);
  return created as WantListRow;
}

/** The dealership's list, locked for a change (another dealership's is "not found"). */
export async function lockOwn(exec: Executor, dealershipId: string, id: string): Promise<WantListRow | null> {
  const rows = await exec
    .select(columns)
    .from(wantLists)
    .where(and(eq(wantLists.id, id), eq(wantLists.dealershipId, dealershipId)))
    .for('update');
  return (rows[0] as WantListRow | undefined) ?? null;
}

export async function updateList(exec: Executor, id: string, form: WantListForm, now: Date) {
  const [row] = await exec
    .update(wantLists)
    .set({ ...form, updatedAt: now })
    .where(eq(wantLists.id, id))
    .returning(columns);
  return row as WantListRow;
}

export async function deleteOwn(exec: Executor, dealershipId: string, id: string): Promise<boolean> {
  const rows = await exec
    .delete(wantLists)
    .where(and(eq(wantLists.id, id), eq(wantLists.dealershipId, dealershipId)))
    .returning({ id: wantLists.id });
  return rows.length > 0;
}

export async function userName(exec: Executor, userId: string): Promise<string> {
  const [row] = await exec.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? '';
}

/** A want-list with its dealer, for matching: only approved dealers' lists of that make. */
export interface CandidateRow extends WantListRow {
  email: string;
  name: string;
  emailNotifications: boolean;
  /** The dealership's yard ZIP: the owner's address (decision 0041), else the list's maker's. */
  yardZip: string | null;
}

export async function candidatesForMake(exec: Executor, make: string): Promise<CandidateRow[]> {
  const result = await exec.execute(sql`
    select w.id, w.user_id as "userId", w.dealership_id as "dealershipId", w.make, w.model_words as "modelWords",
      w.year_min as "yearMin", w.year_max as "yearMax", w.max_hours as "maxHours",
      w.max_price_cents::bigint as "maxPriceCents", w.max_distance_miles as "maxDistanceMiles", w.states, w.notes,
      w.created_at as "createdAt", w.updated_at as "updatedAt",
      u.email, u.name, u.email_notifications as "emailNotifications",
      coalesce(o.address_zip, u.address_zip) as "yardZip"
    from want_lists w
    join users u on u.id = w.user_id and u.status = 'approved'
    left join dealerships d on d.id = w.dealership_id
    left join users o on o.id = d.owner_user_id
    where lower(w.make) = lower(${make})
    order by w.created_at, w.id`);
  return rowsOf<CandidateRow & { maxPriceCents: string | number | null }>(result).map((r) => ({
    ...r,
    maxPriceCents: r.maxPriceCents === null ? null : Number(r.maxPriceCents),
  }));
}

/** A live listing's facts for matching, with whether `userId` may see it (first look) and is not its seller. */
export async function listingForMatch(exec: Executor, listingId: string) {
  const result = await exec.execute(sql`
    select id, make, model, year, hours, price_cents::bigint as "priceCents", location, zip,
      user_id as "userId", seller_user_id as "sellerUserId"
    from tractor_listings where id = ${listingId} and status = 'active'`);
  const [row] = rowsOf<{
    id: string;
    make: string;
    model: string;
    year: number;
    hours: number;
    priceCents: string | number;
    location: string;
    zip: string | null;
    userId: string;
    sellerUserId: string | null;
  }>(result);
  return row ? { ...row, priceCents: Number(row.priceCents) } : null;
}

/** The users among `userIds` a running first look keeps from the listing. */
export async function keptOutByFirstLook(exec: Executor, listingId: string, userIds: string[], now: Date) {
  if (userIds.length === 0) return new Set<string>();
  const result = await exec.execute(sql`
    select u.id from users u
    where u.id in (${sql.join(
      userIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
      and not ${firstLookAdmits(sql`${listingId}::uuid`, sql.raw('u.id'), now)}`);
  return new Set(rowsOf<{ id: string }>(result).map((r) => r.id));
}

/** Claims the alert of (want-list, listing): true the first time only (concurrent deliveries get false). */
export async function claimListingAlert(exec: Executor, wantListId: string, listingId: string, now: Date) {
  const result = await exec.execute(sql`
    insert into want_list_sends (want_list_id, listing_id, sent_at) values (${wantListId}, ${listingId}, ${now})
    on conflict do nothing returning want_list_id`);
  return rowsOf(result).length > 0;
}

/** Records an inquiry's match for a dealer: null when that dealer already has one for the inquiry. */
export async function insertMatch(
  exec: Executor,
  row: {
    inquiryId: string;
    wantListId: string;
    dealerUserId: string;
    dealershipId: string | null;
    distanceMiles: number | null;
    now: Date;
  },
): Promise<string | null> {
  const rows = await exec
    .insert(inquiryMatches)
    .values({
      inquiryId: row.inquiryId,
      wantListId: row.wantListId,
      dealerUserId: row.dealerUserId,
      dealershipId: row.dealershipId,
      distanceMiles: row.distanceMiles,
      createdAt: row.now,
    })
    .onConflictDoNothing()
    .returning({ id: inquiryMatches.id });
  return rows[0]?.id ?? null;
}

export interface MatchRow {
  id: string;
  inquiryId: string;
  wantListId: string | null;
  dealerUserId: string;
  dealershipId: string | null;
  distanceMiles: number | null;
  answer: WantAnswer | null;
  maxPriceCents: number | null;
  answeredAt: Date | null;
  createdAt: Date;
  // The inquiry's tractor and place (never its e-mail).
  make: string | null;
  model: string | null;
  year: number | null;
  hours: number | null;
  location: string | null;
  // The want-list, when it still exists.
  wMake: string | null;
  wModelWords: string | null;
  wYearMin: number | null;
  wYearMax: number | null;
  wMaxHours: number | null;
  wMaxPriceCents: number | null;
  dealerName: string;
  dealershipName: string | null;
}

const matchSelect = sql`
  select m.id, m.inquiry_id as "inquiryId", m.want_list_id as "wantListId", m.dealer_user_id as "dealerUserId",
    m.dealership_id as "dealershipId", m.distance_miles as "distanceMiles", m.answer,
    m.max_price_cents::bigint as "maxPriceCents", m.answered_at as "answeredAt", m.created_at as "createdAt",
    i.make, i.model, i.year, i.hours, i.location,
    w.make as "wMake", w.model_words as "wModelWords", w.year_min as "wYearMin", w.year_max as "wYearMax",
    w.max_hours as "wMaxHours", w.max_price_cents::bigint as "wMaxPriceCents",
    u.name as "dealerName", d.name as "dealershipName"
  from inquiry_matches m
  join tractor_sale_inquiries i on i.id = m.inquiry_id
  join users u on u.id = m.dealer_user_id
  left join want_lists w on w.id = m.want_list_id
  left join dealerships d on d.id = m.dealership_id`;

function toMatchRow(r: Record<string, unknown>): MatchRow {
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return {
    ...(r as unknown as MatchRow),
    maxPriceCents: num(r.maxPriceCents),
    wMaxPriceCents: num(r.wMaxPriceCents),
    answeredAt: date(r.answeredAt),
    createdAt: date(r.createdAt) as Date,
  };
}

/** The matches of a dealership (or of a dealer without one), newest first. */
export async function matchesOf(exec: Executor, scope: { userId: string; dealershipId: string | null }) {
  const who = scope.dealershipId
    ? sql`m.dealership_id = ${scope.dealershipId}`
    : sql`m.dealer_user_id = ${scope.userId}`;
  const result = await exec.execute(
    sql`${matchSelect} where ${who} order by m.created_at desc, m.id limit 200`,
  );
  return rowsOf<Record<string, unknown>>(result).map(toMatchRow);
}

export async function matchesOfInquiry(exec: Executor, inquiryId: string) {
  const result = await exec.execute(
    sql`${matchSelect} where m.inquiry_id = ${inquiryId}
        order by m.max_price_cents desc nulls last, m.created_at, m.id`,
  );
  return rowsOf<Record<string, unknown>>(result).map(toMatchRow);
}

export async function inquiryExists(exec: Executor, inquiryId: string): Promise<boolean> {
  const result = await exec.execute(sql`select 1 from tractor_sale_inquiries where id = ${inquiryId}`);
  return rowsOf(result).length > 0;
}

/** Records the dealer's answer on their dealership's match (a later answer replaces an earlier one). */
export async function answerMatch(
  exec: Executor,
  scope: { userId: string; dealershipId: string | null },
  id: string,
  answer: { answer: WantAnswer; maxPriceCents: number | null },
  now: Date,
): Promise<MatchRow | null> {
  const who = scope.dealershipId
    ? sql`dealership_id = ${scope.dealershipId}`
    : sql`dealer_user_id = ${scope.userId}`;
  const result = await exec.execute(sql`
    update inquiry_matches set answer = ${answer.answer}, max_price_cents = ${answer.maxPriceCents},
      answered_at = ${now}
    where id = ${id} and ${who} returning id`);
  if (rowsOf(result).length === 0) return null;
  const rows = await exec.execute(sql`${matchSelect} where m.id = ${id}`);
  return rowsOf<Record<string, unknown>>(rows).map(toMatchRow)[0] ?? null;
}

/** The dealerships that said they would pay at least `cents` for the inquiry's tractor. */
export async function dealershipsPayingAtLeast(exec: Executor, inquiryId: string, cents: number) {
  const result = await exec.execute(sql`
    select distinct dealership_id as id from inquiry_matches
    where inquiry_id = ${inquiryId} and answer = 'interested' and max_price_cents >= ${cents}
      and dealership_id is not null`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}
