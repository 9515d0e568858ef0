import { and, eq, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import { jobRuns, users } from '../../db/schema.js';

export interface Recipient {
  id: string;
  email: string;
  name: string;
  lastDigestAt: Date | null;
}

export interface NotifiedListing {
  id: string;
  make: string;
  model: string;
  year: number;
  hours: number;
  priceCents: number;
  location: string;
  condition: string;
  preferred: boolean;
}

/** Approved dealers who want these e-mails; with `brand`, only those who prefer it (case-insensitive). */
export async function recipients(exec: Executor, brand?: string): Promise<Recipient[]> {
  const result = await exec.execute(sql`
    select u.id, u.email, u.name, u.last_digest_at
    from users u
    where u.status = 'approved' and u.email_notifications
      ${brand ? sql`and exists (select 1 from user_brand_preferences p where p.user_id = u.id and lower(p.brand_name) = lower(${brand}))` : sql``}
    order by u.created_at, u.id`);
  return rowsOf<{ id: string; email: string; name: string; last_digest_at: string | Date | null }>(
    result,
  ).map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    lastDigestAt: r.last_digest_at ? new Date(r.last_digest_at) : null,
  }));
}

type ListingRow = {
  id: string;
  make: string;
  model: string;
  year: number;
  hours: number;
  price_cents: string | number;
  location: string;
  condition: string;
  preferred: boolean;
};

const mapListing = (r: ListingRow): NotifiedListing => ({
  id: r.id,
  make: r.make,
  model: r.model,
  year: Number(r.year),
  hours: Number(r.hours),
  priceCents: Number(r.price_cents),
  location: r.location,
  condition: r.condition,
  preferred: Boolean(r.preferred),
});

/**
 * Picks up to `limit` active listings of `brand` this dealer was never sent by a brand notification and
 * records them as sent, in one statement: with two sends at once, each listing is recorded (and so
 * mailed) by only one of them. The dealer's own listings are left out.
 */
export async function claimBrandListings(
  exec: Executor,
  userId: string,
  brand: string,
  limit: number,
  now: Date,
): Promise<NotifiedListing[]> {
  const result = await exec.execute(sql`
    with picked as (
      select l.id from tractor_listings l
      where l.status = 'active' and lower(l.make) = lower(${brand}) and l.user_id <> ${userId}
        and not exists (select 1 from notification_sends s
                        where s.user_id = ${userId} and s.listing_id = l.id and s.kind = 'brand')
      order by l.created_at desc, l.id desc
      limit ${limit}
    ), ins as (
      insert into notification_sends (user_id, listing_id, kind, sent_at)
      select ${userId}, id, 'brand', ${now} from picked
      on conflict do nothing
      returning listing_id
    )
    select l.id, l.make, l.model, l.year, l.hours, l.price_cents, l.location, l.condition, true as preferred
    from tractor_listings l join ins on ins.listing_id = l.id
    order by l.created_at desc, l.id desc`);
  return rowsOf<ListingRow>(result).map(mapListing);
}

/**
 * The daily digest's listings: active, created after `since`, never sent to this dealer by a digest,
 * the dealer's preferred brands first. Recorded as sent in the same statement (see claimBrandListings).
 */
export async function claimDigestListings(
  exec: Executor,
  userId: string,
  since: Date,
  limit: number,
  now: Date,
): Promise<NotifiedListing[]> {
  const result = await exec.execute(sql`
    with prefs as (
      select lower(brand_name) as brand from user_brand_preferences where user_id = ${userId}
    ), picked as (
      select l.id, lower(l.make) in (select brand from prefs) as preferred, l.created_at
      from tractor_listings l
      where l.status = 'active' and l.created_at > ${since} and l.user_id <> ${userId}
        and not exists (select 1 from notification_sends s
                        where s.user_id = ${userId} and s.listing_id = l.id and s.kind = 'daily')
      order by 2 desc, l.created_at desc, l.id desc
      limit ${limit}
    ), ins as (
      insert into notification_sends (user_id, listing_id, kind, sent_at)
      select ${userId}, id, 'daily', ${now} from picked
      on conflict do nothing
      returning listing_id
    )
    select l.id, l.make, l.model, l.year, l.hours, l.price_cents, l.location, l.condition, picked.preferred
    from tractor_listings l join ins on ins.listing_id = l.id join picked on picked.id = l.id
    order by picked.preferred desc, l.created_at desc, l.id desc`);
  return rowsOf<ListingRow>(result).map(mapListing);
}

export async function setLastDigestAt(exec: Executor, userId: string, at: Date): Promise<void> {
  await exec.update(users).set({ lastDigestAt: at }).where(eq(users.id, userId));
}

/** Returns the user's e-mail when the row exists. */
export async function setEmailNotifications(
  exec: Executor,
  userId: string,
  on: boolean,
  now: Date,
): Promise<string | null> {
  const [row] = await exec
    .update(users)
    .set({ emailNotifications: on, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  return row?.email ?? null;
}

/** Claims a once-only run; false when another instance (or an earlier run) already has it. */
export async function claimJobRun(exec: Executor, name: string, runKey: string, now: Date): Promise<boolean> {
  const rows = await exec
    .insert(jobRuns)
    .values({ name, runKey, startedAt: now })
    .onConflictDoNothing()
    .returning({ name: jobRuns.name });
  return rows.length > 0;
}

export async function finishJobRun(
  exec: Executor,
  name: string,
  runKey: string,
  now: Date,
  result: Record<string, unknown>,
): Promise<void> {
  await exec
    .update(jobRuns)
    .set({ finishedAt: now, result })
    .where(and(eq(jobRuns.name, name), eq(jobRuns.runKey, runKey)));
}

/** Gives a claimed run back (it failed), so a later tick can try the day again. */
export async function releaseJobRun(exec: Executor, name: string, runKey: string): Promise<void> {
  await exec.delete(jobRuns).where(and(eq(jobRuns.name, name), eq(jobRuns.runKey, runKey)));
}
