import type { AppContext } from '../../lib/context.js';
import { outboxBacklog } from './outbox.repository.js';

/**
 * The outbox's gauges for the operator (docs/decisions/0037-operator-metrics.md): how many e-mails wait and how old
 * the oldest is. Read at each scrape, both from one query (the second gauge joins the first's while it runs); while
 * the database is away they have no sample (the scrape still answers).
 */
export function observeOutbox(ctx: AppContext): void {
  let running: ReturnType<typeof outboxBacklog> | null = null;
  const backlog = () => {
    running ??= outboxBacklog(ctx.db).finally(() => {
      running = null;
    });
    return running;
  };
  ctx.metrics.gauge(
    'outbox_pending_messages',
    'E-mails in the outbox not yet sent nor failed (pending or being sent)',
    async () => (await backlog()).pending,
  );
  ctx.metrics.gauge(
    'outbox_oldest_pending_age_seconds',
    'Age of the oldest e-mail in the outbox not yet sent nor failed (0: none)',
    async () => (await backlog()).oldestSeconds,
  );
}
