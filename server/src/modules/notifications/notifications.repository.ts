import { and, eq, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import { jobRuns } from '../../db/schema.js';
import { firstLookAdmits } from '../listings/index.js';
import { savedSearchMatches } from '../saved-searches/index.js';
import type { MailListing } from './notifications.mail.js';

export interface NotifiedListing extends MailListing {
  preferred: boolean;
}

/** A brand send considers at most this many of the brand's newest listings. */
export const BRAND_CANDIDATES_MAX = 1000;
/** A digest considers at most this many of the newest listings. */
export const DIGEST_CANDIDATES_MAX = 2000;

/** One dealer's e-mail of a send: who, and the listings just recorded as sent to them. */
export interface DealerBatch {
  userId: string;
  email: string;
  name: string;
  listings: NotifiedListing[];
}

/**
 * Approved dealers who want these e-mails; with `brand`, only those with an alerting saved search of that brand
 * (case-insensitive): brand preferences became saved searches (decision 0021).
 */
const recipientsSql = (brand?: string) => sql`
  select u.id, u.last_digest_at from users u
  where u.status = 'approved' and u.email_notifications
    ${brand ? sql`and exists (select 1 from saved_searches s where s.user_id = u.id and s.alert <> 'off' and lower(s.filters->>'brand') = lower(${brand}))` : sql``}`;

export async function countRecipients(exec: Executor, brand?: string): Promise<number> {
  const result = await exec.execute(sql`select count(*) as n from (${recipientsSql(brand)}) r`);
  return Number(rowsOf<{ n: string | number }>(result)[0].n);
}

type BatchRow = {
  user_id: string;
  email: string;
  name: string;
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

function groupByDealer(rows: BatchRow[]): DealerBatch[] {
  const byUser = new Map<string, DealerBatch>();
  for (const r of rows) {
    let batch = byUser.get(r.user_id);
    if (!batch) {
      batch = { userId: r.user_id, email: r.email, name: r.name, listings: [] };
      byUser.set(r.user_id, batch);
    }
    batch.listings.push({
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
  }
  return [...byUser.values()];
}

/**
 * Brand notifications for every recipient in one statement: per dealer, up to `limit` active listings of
 * `brand` listed after `since` that no brand notification sent them yet (their own listings, and tractors under a
 * first look they are outside of, left out; docs/product/want-lists.md#first-look),
 * newest first, recorded as sent. `on conflict do nothing ... returning` makes two sends at once mail each
 * listing once: the second waits for the first's rows and skips them.
 */
export async function claimBrandBatch(
  exec: Executor,
  brand: string,
  since: Date,
  limit: number,
  now: Date,
): Promise<DealerBatch[]> {
  const result = await exec.execute(sql`
    with dealers as (${recipientsSql(brand)}),
    -- Bounded before pairing with every dealer, so a big inventory cannot blow the send up.
    candidates as (
      select l.id, l.user_id, l.created_at from tractor_listings l
      where l.status = 'active' and lower(l.make) = lower(${brand}) and l.created_at > ${since}
      order by l.created_at desc, l.id desc
      limit ${BRAND_CANDIDATES_MAX}
    ),
    -- A dealer gets the candidates one of their alerting searches of the brand matches (all its filters, in SQL).
    pairs as (
      select distinct d.id as user_id, c.id as listing_id, c.created_at
      from dealers d
      join candidates c on c.user_id <> d.id
      join tractor_listings l on l.id = c.id
      join saved_searches s on s.user_id = d.id and s.alert <> 'off' and lower(s.filters->>'brand') = lower(${brand})
      where ${savedSearchMatches()}
        and ${firstLookAdmits(sql.raw('c.id'), sql.raw('d.id'), now)}
        and not exists (select 1 from notification_sends n
                        where n.user_id = d.id and n.listing_id = c.id and n.kind = 'brand')
    ),
    picked as (
      select user_id, listing_id,
             row_number() over (partition by user_id order by created_at desc, listing_id desc) as rn
      from pairs
    ), ins as (
      insert into notification_sends (user_id, listing_id, kind, sent_at)
      select user_id, listing_id, 'brand', ${now} from picked where rn <= ${limit}
      on conflict do nothing
      returning user_id, listing_id
    )
    select ins.user_id, u.email, u.name, l.id, l.make, l.model, l.year, l.hours, l.price_cents, l.location,
           l.condition, true as preferred
    from ins join users u on u.id = ins.user_id join tractor_listings l on l.id = ins.listing_id
    order by ins.user_id, l.created_at desc, l.id desc`);
  return groupByDealer(rowsOf<BatchRow>(result));
}

/**
 * The daily digest for every recipient in one statement: per dealer, up to `limit` active listings created
 * after their last digest (minus `overlapMs`; `firstSince` for a first digest), or changed since then and now
 * matching one of their daily saved searches that never alerted about it, that no digest sent them yet; those
 * their alerting saved searches match first, never a tractor under a first look they are outside of; recorded as
 * sent. The caller records the daily searches' alerts
 * (saved-searches) and moves every recipient's last_digest_at (users) in the same transaction.
 */
export async function claimDigestBatch(
  exec: Executor,
  firstSince: Date,
  overlapMs: number,
  limit: number,
  now: Date,
): Promise<DealerBatch[]> {
  const result = await exec.execute(sql`
    with dealers as (
      select r.id, coalesce(r.last_digest_at - ${overlapMs}::int * interval '1 millisecond', ${firstSince}::timestamptz) as since
      from (${recipientsSql()}) r
    ), candidates as (
      -- Bounded before pairing with every dealer (a flood of new listings cannot blow the digest up).
      -- Changed ones too (updated_at): a listing made cheaper may now match a daily saved search.
      select l.id, l.user_id, l.make, l.created_at, l.updated_at from tractor_listings l
      where l.status = 'active' and (l.created_at > (select min(since) from dealers)
                                     or l.updated_at > (select min(since) from dealers))
      order by l.created_at desc, l.id desc
      limit ${DIGEST_CANDIDATES_MAX}
    ), pairs as (
      -- "Preferred": one of the dealer's alerting saved searches matches it (brands became searches, decision
      -- 0021).
      select d.id as user_id, c.id as listing_id, c.created_at,
             exists (select 1 from saved_searches s join tractor_listings l on l.id = c.id
                     where s.user_id = d.id and s.alert <> 'off' and ${savedSearchMatches()}) as preferred
      from dealers d
      join candidates c on c.user_id <> d.id
      where (c.created_at > d.since
             or (c.updated_at > d.since
                 and exists (select 1 from saved_searches s join tractor_listings l on l.id = c.id
                             where s.user_id = d.id and s.alert = 'daily' and ${savedSearchMatches()}
                               and not exists (select 1 from saved_search_sends x
                                               where x.search_id = s.id and x.listing_id = c.id))))
        and ${firstLookAdmits(sql.raw('c.id'), sql.raw('d.id'), now)}
        and not exists (select 1 from notification_sends n
                        where n.user_id = d.id and n.listing_id = c.id and n.kind = 'daily')
    ), picked as (
      select user_id, listing_id, preferred,
             row_number() over (partition by user_id order by preferred desc, created_at desc, listing_id desc) as rn
      from pairs
    ), ins as (
      insert into notification_sends (user_id, listing_id, kind, sent_at)
      select user_id, listing_id, 'daily', ${now} from picked where rn <= ${limit}
      on conflict do nothing
      returning user_id, listing_id
    )
    select ins.user_id, u.email, u.name, l.id, l.make, l.model, l.year, l.hours, l.price_cents, l.location,
           l.condition, picked.preferred
    from ins
    join picked on picked.user_id = ins.user_id and picked.listing_id = ins.listing_id
    join users u on u.id = ins.user_id
    join tractor_listings l on l.id = ins.listing_id
    order by ins.user_id, picked.preferred desc, l.created_at desc, l.id desc`);
  return groupByDealer(rowsOf<BatchRow>(result));
}

/** Every digest recipient's id (their last_digest_at moves on with the digest, in the users module). */
export async function recipientIds(exec: Executor): Promise<string[]> {
  const result = await exec.execute(sql`select r.id from (${recipientsSql()}) r`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
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
