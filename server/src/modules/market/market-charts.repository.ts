import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';

// Read-only counts over other modules' tables for the charts, as the admin dashboard's stats read them
// (docs/product/market.md#admin). Nothing here writes.

/** Live: on sale (active, not archived) and, for a dealer's listing, approved (docs/product/market.md). */
export async function liveListingsCount(exec: Executor): Promise<number> {
  const result = await exec.execute(sql`
    select count(*) as n from tractor_listings
    where status = 'active' and archived_at is null and (review_status is null or review_status = 'approved')`);
  return Number(rowsOf<{ n: string | number }>(result)[0].n);
}

/** When each offer since `since` was made; the days are counted in domain/market.ts. */
export async function offerTimesSince(exec: Executor, since: Date): Promise<Date[]> {
  const result = await exec.execute(sql`
    select created_at from tractor_offers where created_at >= ${since.toISOString()} order by created_at`);
  return rowsOf<{ created_at: string | Date }>(result).map((r) => new Date(r.created_at));
}
