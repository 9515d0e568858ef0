import type { AppContext } from './lib/context.js';
import { startDomainEventWorker } from './lib/domain-events.js';
import { startMailWorker } from './modules/mail/mail.worker.js';
import { startDigestScheduler } from './modules/notifications/index.js';
import { startOfferExpiry } from './modules/offers/index.js';

/**
 * Background loops of one server process (mail outbox, domain events left undelivered, daily digest, offer expiry
 * sweep, housekeeping). Every loop is safe
 * to run in several instances at once: work is claimed in the database, never held in memory.
 * Each start function returns a stop function that waits for its current iteration.
 */
export function startWorkers(ctx: AppContext): () => Promise<void> {
  const stops: Array<() => Promise<void>> = [];
  stops.push(startMailWorker(ctx));
  stops.push(startDomainEventWorker(ctx));
  stops.push(startDigestScheduler(ctx));
  stops.push(startOfferExpiry(ctx));
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
