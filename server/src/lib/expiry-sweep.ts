import type { AppContext } from './context.js';

export interface ExpirySweep {
  /** What the log line names ("offers expired"). */
  what: string;
  /** Writes every expiry due at the clock's now; returns how many rows it moved. */
  run: (ctx: AppContext) => Promise<number>;
}

/**
 * The one scheduled expiry loop, every OFFER_EXPIRY_SWEEP_SECONDS: dealers' offers and farmers' offers expire here
 * and nowhere else (reads compute an expired state from the clock without writing it). Returns a stop function
 * that waits for a sweep in progress.
 */
export function startExpirySweep(ctx: AppContext, sweeps: ExpirySweep[]): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    for (const sweep of sweeps)
      running = running
        .then(() => sweep.run(ctx))
        .then((count) => {
          if (count) ctx.log.info({ count }, `${sweep.what} expired`);
        })
        .catch((err) => ctx.log.error({ err }, `${sweep.what} expiry sweep failed`));
  };
  const timer = setInterval(tick, ctx.config.offerExpirySweepSeconds * 1000);
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
