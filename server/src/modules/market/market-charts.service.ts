import { type AdminMarketResponse, countByDay, lastMonths, salesByMonth } from '../../../../domain/market.js';
import { requireRole } from '../../lib/access.js';
import type { Actor, AppContext } from '../../lib/context.js';
import { feesEarnedByMonth } from '../purchases/index.js';
import { listMarketSales } from './market.repository.js';
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
  const [sales, feesByMonth, liveListingsCount, offerTimes] = await Promise.all([
    listMarketSales(ctx.db, months[0].from),
    feesEarnedByMonth(ctx, actor, months),
    repo.liveListingsCount(ctx.db),
    repo.offerTimesSince(ctx.db, since),
  ]);
  return {
    months: salesByMonth(sales.map((s) => ({ soldAt: s.soldOn, priceCents: s.priceCents, hours: s.hours }))),
    feesByMonth,
    liveListingsCount,
    offersByDay: countByDay(offerTimes),
  };
}
