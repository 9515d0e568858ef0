import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../db/client.js';
import type { Clock } from './clock.js';

export interface RateRule {
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
  /** Once over the limit, blocked this long (defaults to the rest of the window). */
  blockMs?: number;
}

export const RATE_RULES = {
  signIn: { limit: 5, windowMs: 5 * 60_000, blockMs: 15 * 60_000 },
  signInPerIp: { limit: 30, windowMs: 5 * 60_000, blockMs: 15 * 60_000 },
  signUp: { limit: 3, windowMs: 15 * 60_000 },
  reset: { limit: 3, windowMs: 15 * 60_000 },
  link: { limit: 3, windowMs: 15 * 60_000 },
  perIpForms: { limit: 20, windowMs: 15 * 60_000 },
  // Sell-form confirmations (decision 0012): a rolling day, no extra block beyond it.
  inquiryMailPerAddress: { limit: 1, windowMs: 24 * 3600_000, blockMs: 1000 },
  inquiryMailPerIp: { limit: 20, windowMs: 24 * 3600_000, blockMs: 1000 },
} satisfies Record<string, RateRule>;

export interface RateResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Counts one attempt against `key` atomically (one upsert, safe across instances and parallel requests)
 * and says whether it is allowed.
 */
export async function hitRateLimit(
  exec: Executor,
  clock: Clock,
  key: string,
  rule: RateRule,
): Promise<RateResult> {
  const now = clock.now();
  const windowStartMin = new Date(now.getTime() - rule.windowMs);
  const blockUntil = new Date(now.getTime() + (rule.blockMs ?? rule.windowMs));
  const result = await exec.execute(sql`
    insert into rate_limits (key, count, window_start, blocked_until)
    values (${key}, 1, ${now}, null)
    on conflict (key) do update set
      count = case
        when rate_limits.blocked_until > ${now} then rate_limits.count
        when rate_limits.window_start <= ${windowStartMin} then 1
        else rate_limits.count + 1 end,
      window_start = case
        when rate_limits.blocked_until > ${now} then rate_limits.window_start
        when rate_limits.window_start <= ${windowStartMin} then ${now}
        else rate_limits.window_start end,
      blocked_until = case
        when rate_limits.blocked_until > ${now} then rate_limits.blocked_until
        when rate_limits.window_start > ${windowStartMin} and rate_limits.count + 1 > ${rule.limit} then ${blockUntil}
        else null end
    returning count, window_start, blocked_until`);
  const row = rowsOf<{ blocked_until: string | Date | null }>(result)[0];
  const blockedUntil = row.blocked_until ? new Date(row.blocked_until) : null;
  if (blockedUntil && blockedUntil > now) {
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((blockedUntil.getTime() - now.getTime()) / 1000)),
    };
  }
  return { allowed: true, retryAfterSeconds: 0 };
}

/** Clears a key, e.g. after a successful sign-in. */
export async function resetRateLimit(exec: Executor, key: string): Promise<void> {
  await exec.execute(sql`delete from rate_limits where key = ${key}`);
}

/**
 * Gives back one counted attempt (not while blocked): lets a cap count "attempts in flight or failed",
 * reserved before the work and returned when the attempt turned out fine.
 */
export async function releaseRateLimitHit(exec: Executor, clock: Clock, key: string): Promise<void> {
  await exec.execute(sql`
    update rate_limits set count = greatest(count - 1, 0)
    where key = ${key} and (blocked_until is null or blocked_until <= ${clock.now()})`);
}
