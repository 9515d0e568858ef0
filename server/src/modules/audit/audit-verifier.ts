import type { AppContext } from '../../lib/context.js';
import { runAuditVerificationIfDue } from './audit.service.js';

const TICK_MS = 60_000;

/**
 * Checks once a minute whether today's audit chain verification is due (once a day across instances, claimed in
 * audit_verifications); returns a stop function that waits for a run in progress.
 */
export function startAuditVerifier(ctx: AppContext): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  let stopped = false;
  const tick = () => {
    if (stopped || busy) return;
    busy = true;
    running = runAuditVerificationIfDue(ctx)
      .catch((err) => ctx.log.error({ err }, 'audit chain verification failed to run'))
      .finally(() => {
        busy = false;
      });
  };
  const timer = setInterval(tick, TICK_MS);
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
