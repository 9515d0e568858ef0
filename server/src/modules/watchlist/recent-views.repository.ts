import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import type { WatchedRow } from './watchlist.repository.js';

/**
 * Records that the dealer opened a live tractor (again: moved to the front) and keeps only their newest `keep`.
 * One statement per step; two views at once both land and the trim leaves `keep`.
 */
export async function recordView(exec: Executor, userId: string, listingId: string, now: Date, keep: number) {
  const inserted = await exec.execute(sql`
    insert into recent_views (user_id, listing_id, viewed_at)
    select ${userId}, l.id, ${now} from tractor_listings l where l.id = ${listingId} and l.status = 'active'
    on conflict (user_id, listing_id) do update set viewed_at = excluded.viewed_at
    returning listing_id`);
  if (rowsOf(inserted).length === 0) return false;
  await exec.execute(sql`
    delete from recent_views r
    where r.user_id = ${userId} and (r.listing_id) not in (
      select k.listing_id from recent_views k where k.user_id = ${userId}
      order by k.viewed_at desc, k.listing_id desc limit ${keep})`);
  return true;
}

/** The dealer's recently opened tractors that are still live, newest view first. */
export async function recentCards(
  exec: Executor,
  userId: string,
  limit: number,
): Promise<Omit<WatchedRow, 'price_at_watch_cents' | 'watched_at'>[]> {
  const result = await exec.execute(sql`
    select l.id, l.make, l.model, l.year, l.hours, l.price_cents, l.location, l.condition, l.grade_tenths,
           l.hours_corrected_from, l.as_is_reason is not null as as_is, l.status,
           p.storage_key as image_key, p.width as image_width, p.height as image_height
    from recent_views r
    join tractor_listings l on l.id = r.listing_id and l.status = 'active'
    left join tractor_images p on p.listing_id = l.id and p.is_primary
    where r.user_id = ${userId}
    order by r.viewed_at desc, r.listing_id desc
    limit ${limit}`);
  return rowsOf(result);
}
