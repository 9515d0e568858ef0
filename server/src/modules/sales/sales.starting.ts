// "Sale starting in an hour" for the dealers who watch its lots (docs/product/timed-sale.md#notices).
import { tractorName } from '../../../../domain/listings.js';
import { STARTING_NOTICE_MS, saleDateTime } from '../../../../domain/timed-sale.js';
import type { AppContext } from '../../lib/context.js';
import { publishEvent } from '../../lib/events.js';
import { enqueueMail } from '../../lib/outbox.js';
import { type Watcher, watchersOfListings } from '../watchlist/index.js';
import { SALE_NOTICE } from './sales.mail.js';
import * as repo from './sales.repository.js';

/**
 * Every sale that starts within the hour and has not told its watchers: each claimed in its own transaction (the
 * sale's row locked with SKIP LOCKED, then marked told by a conditional update), which writes one e-mail to the
 * outbox and one live notice per dealer watching any of its lots. So each dealer hears it once per sale, on any
 * number of instances. Returns how many dealers were told.
 */
export async function sendStartingNotices(ctx: AppContext): Promise<number> {
  let told = 0;
  for (;;) {
    const done = await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const sale = await repo.claimStartingSale(tx, now, new Date(now.getTime() + STARTING_NOTICE_MS));
      if (!sale) return null;
      const tractors = await repo.tractorsOfSale(tx, sale.id);
      // Each dealer's watched lots, named in run-list order.
      const byUser = new Map<string, { watcher: Watcher; listingIds: Set<string> }>();
      for (const w of await watchersOfListings(
        tx,
        tractors.map((t) => t.listingId),
      )) {
        const entry = byUser.get(w.userId) ?? { watcher: w, listingIds: new Set<string>() };
        entry.listingIds.add(w.listingId);
        byUser.set(w.userId, entry);
      }
      const startsAt = saleDateTime(sale.startsAt.getTime(), sale.timeZone);
      for (const { watcher, listingIds } of byUser.values())
        await enqueueMail(tx, {
          template: SALE_NOTICE,
          to: watcher.email,
          payload: {
            kind: 'starting',
            saleId: sale.id,
            lotId: '',
            saleName: sale.name,
            tractor: tractors
              .filter((t) => listingIds.has(t.listingId))
              .map(tractorName)
              .join(', '),
            name: watcher.name,
            priceCents: null,
            startsAt,
          },
        });
      if (byUser.size > 0)
        await publishEvent(tx, {
          type: 'sale.starting',
          audience: [...byUser.keys()],
          data: { saleId: sale.id, saleName: sale.name, startsAt: sale.startsAt.toISOString() },
        });
      return byUser.size;
    });
    if (done === null) break;
    told += done;
  }
  return told;
}
