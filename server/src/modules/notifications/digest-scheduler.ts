import type { AppContext } from '../../lib/context.js';
import { claimJobRun, finishJobRun, releaseJobRun } from './notifications.repository.js';
import { sendDailyDigest } from './notifications.service.js';

export const DIGEST_JOB = 'daily-digest';
const TICK_MS = 60_000;

/** Server-local calendar day, the run key of that day's digest. */
export function dayKey(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export type DigestTick = 'not-due' | 'taken' | 'ran';

/**
 * Runs the daily digest during the configured hour of the day (DIGEST_HOUR:00 to :59), exactly once per day
 * across every instance: the first to insert the day's job_runs row runs it, the others find it taken.
 * Outside that hour nothing is sent, so a server started in the afternoon does not mail every dealer then
 * (docs/decisions/0011): a day missed entirely is covered by the next digest, which lists every listing
 * not sent before.
 */
export async function runDigestIfDue(ctx: AppContext, now: Date = ctx.clock.now()): Promise<DigestTick> {
  if (now.getHours() !== ctx.config.digestHour) return 'not-due';
  const key = dayKey(now);
  if (!(await claimJobRun(ctx.db, DIGEST_JOB, key, now))) return 'taken';
  let result: Awaited<ReturnType<typeof sendDailyDigest>>;
  try {
    result = await sendDailyDigest(ctx, null);
  } catch (err) {
    // Safe to retry: what was sent is recorded per dealer, so a rerun only sends the rest.
    await releaseJobRun(ctx.db, DIGEST_JOB, key).catch(() => {});
    throw err;
  }
  await finishJobRun(ctx.db, DIGEST_JOB, key, ctx.clock.now(), { ...result });
  ctx.log.info({ day: key, ...result }, 'daily digest sent');
  return 'ran';
}

/** Checks once a minute; returns a stop function that waits for a run in progress. */
export function startDigestScheduler(ctx: AppContext): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = runDigestIfDue(ctx).catch((err) => ctx.log.error({ err }, 'daily digest failed'));
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
