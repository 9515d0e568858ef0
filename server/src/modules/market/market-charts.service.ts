import { type AdminMarketResponse, countByDay, lastMonths } from '../../../../domain/market.js';
import { requireRole } from '../../lib/access.js';
import type { Actor, AppContext } from '../../lib/context.js';
import { feesEarnedByMonth } from '../purchases/index.js';
import * as repo from './market-charts.repository.js';

/** Months on the admin's charts; offers per day cover the last 30 days (docs/product/market.md#admin). */
export const ADMIN_MARKET_MONTHS = 12;
export const OFFERS_DAYS = 30;

/** The whole market for the admin dashboard's charts (docs/decisions/0047-market-charts.md). */
export async function adminMarket(
  ctx: AppContext,
  actor: Actor,
  now = new Date(),
): Promise<AdminMarketResponse> {
  requireRole(actor, 'admin');
  const months = lastMonths(now, ADMIN_MARKET_MONTHS);
  const since = new Date(now.getTime() - OFFERS_DAYS * 24 * 3600 * 1000);
  const [feesByMonth, liveListingsCount, offerTimes] = await Promise.all([
    feesEarnedByMonth(ctx, actor, months),
    repo.liveListingsCount(ctx.db),
    repo.offerTimesSince(ctx.db, since),
  ]);
  return {
    // Sales per month come from the market module's market_sales table, not on this branch yet (decision 0047).
    months: [],
    feesByMonth,
    liveListingsCount,
    offersByDay: countByDay(offerTimes),
  };
}
