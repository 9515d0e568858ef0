// The admin's report against shill bidding (docs/product/timed-sale.md#rules-against-games).
import { BID_REPORT_RULE } from '../../../../domain/timed-sale.js';
import type { BidderReport } from '../../../../domain/timed-sale-api.js';
import { requireRole } from '../../lib/access.js';
import type { Actor, AppContext } from '../../lib/context.js';
import * as repo from './sales.repository.js';

/** Bidders who bid on one seller's closed lots far more than they win, with who they are: admins only. */
export async function bidderReport(ctx: AppContext, actor: Actor): Promise<BidderReport> {
  requireRole(actor, 'admin');
  return { rule: { ...BID_REPORT_RULE }, rows: await repo.bidderReport(ctx.db, BID_REPORT_RULE) };
}
