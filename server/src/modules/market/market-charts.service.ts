import { modelFamily } from '../../../../domain/fieldlot-value.js';
import type { MarketIndexResponse } from '../../../../domain/fieldlot-value-api.js';
import {
  type AdminMarketResponse,
  countByDay,
  lastMonths,
  type MarketFamilyResponse,
  salesByMonth,
  valueHoursPoints,
} from '../../../../domain/market.js';
import { requireRole } from '../../lib/access.js';
import type { Actor, AppContext } from '../../lib/context.js';
import { feesEarnedByMonth } from '../purchases/index.js';
import { wantListsCountForFamily } from '../want-lists/index.js';
import { familiesSince, familySales, listMarketSales, liveListingsOfMake } from './market.repository.js';
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

/** Families on the market index: those sold in the last 24 months, most sold first (docs/product/market.md). */
export async function marketIndex(ctx: AppContext, actor: Actor): Promise<MarketIndexResponse> {
  requireRole(actor, 'dealer', 'admin');
  const since = new Date(ctx.clock.now());
  since.setUTCMonth(since.getUTCMonth() - 24);
  return { families: await familiesSince(ctx.db, since.toISOString().slice(0, 10)) };
}

/** One make and model family's market page (docs/product/market.md#what-the-page-shows). Dealers and admins. */
export async function marketFamily(
  ctx: AppContext,
  actor: Actor,
  make: string,
  family: string,
): Promise<MarketFamilyResponse> {
  requireRole(actor, 'dealer', 'admin');
  const [sales, listings, wantListsCount] = await Promise.all([
    familySales(ctx.db, make, family),
    liveListingsOfMake(ctx.db, make, family, actor, ctx.clock.now()),
    wantListsCountForFamily(ctx, actor, make, family),
  ]);
  const rows = sales.map((s) => ({ soldAt: s.soldOn, priceCents: s.priceCents, hours: s.hours }));
  const live = listings.filter((l) => modelFamily(l.model).toLowerCase() === family.toLowerCase());
  return {
    make: sales[0]?.make ?? live[0]?.make ?? make,
    family: sales[0]?.family ?? (live[0] ? modelFamily(live[0].model) : family),
    months: salesByMonth(rows),
    valueHours: valueHoursPoints(rows),
    liveListings: live.slice(0, 50).map((l) => ({
      id: l.id,
      title: `${l.year} ${l.make} ${l.model}`,
      year: l.year,
      hours: l.hours,
      askingPriceCents: l.priceCents,
    })),
    liveListingsCount: live.length,
    wantListsCount,
  };
}
