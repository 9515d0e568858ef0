import type { AppContext } from './lib/context.js';
import { startDomainEventWorker } from './lib/domain-events.js';
import { startExpirySweep } from './lib/expiry-sweep.js';
import { startAuditVerifier } from './modules/audit/index.js';
import { startDataExportWorker } from './modules/data-exports/index.js';
import { expireDueFarmerOffers } from './modules/inquiries/index.js';
import { startMailWorker } from './modules/mail/mail.worker.js';
import { startDigestScheduler } from './modules/notifications/index.js';
import { expireDueOffers } from './modules/offers/index.js';
import { closeDueLots, sendStartingNotices } from './modules/sales/index.js';

/**
 * Background loops of one server process (mail outbox, domain events left undelivered, daily digest, dealership data exports, nightly audit chain check, offer and
 * farmer-offer expiry sweep, housekeeping). Every loop is safe
 * to run in several instances at once: work is claimed in the database, never held in memory.
 * Each start function returns a stop function that waits for its current iteration.
 */
export function startWorkers(ctx: AppContext): () => Promise<void> {
  const stops: Array<() => Promise<void>> = [];
  stops.push(startMailWorker(ctx));
  stops.push(startDomainEventWorker(ctx));
  stops.push(startDigestScheduler(ctx));
  stops.push(startDataExportWorker(ctx));
  stops.push(startAuditVerifier(ctx));
  stops.push(
    startExpirySweep(ctx, [
      { what: 'offers', run: expireDueOffers },
      { what: "farmers' offers", run: expireDueFarmerOffers },
    ]),
  );
  stops.push(startSaleCloser(ctx));
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}

/**
 * The Timed Sale's close (docs/product/timed-sale.md#the-close), every second: lots close at their second, not at
 * the next minute's sweep. Each lot is claimed in the database, so every instance may run it.
 */
function startSaleCloser(ctx: AppContext): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = closeDueLots(ctx)
      .then(async (count) => {
        if (count) ctx.log.info({ count }, 'sale lots closed');
        // "Sale starting in an hour" to the dealers watching its lots (claimed once per sale).
        const told = await sendStartingNotices(ctx);
        if (told) ctx.log.info({ told }, 'sale starting notices sent');
      })
      .catch((err) => ctx.log.error({ err }, 'sale close failed'))
      .finally(() => {
        busy = false;
      });
  }, 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
