import { and, eq, lt, or, sql } from 'drizzle-orm';
import { roleOf, type SessionUser } from '../../../domain/users.js';
import type { Executor } from '../db/client.js';
import { accountColumns } from '../db/columns.js';
import { sessions, users } from '../db/schema.js';
import type { Clock } from './clock.js';
import type { RequestInfo } from './context.js';
import { randomToken, sha256 } from './crypto.js';
import { dropCachedSessions, type SessionCache } from './session-cache.js';

/** Idle and absolute session lifetimes (docs/product/security.md#sessions: idle and absolute timeouts). */
export const SESSION_IDLE_MS = 7 * 24 * 3600_000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600_000;
const TOUCH_EVERY_MS = 5 * 60_000;

/** Creates a session and returns the cookie token (256 random bits; only its hash is stored). */
export async function createSession(
  exec: Executor,
  clock: Clock,
  userId: string,
  req?: RequestInfo,
): Promise<string> {
  const token = randomToken();
  const now = clock.now();
  await exec.insert(sessions).values({
    id: sha256(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    userAgent: req?.userAgent.slice(0, 500) ?? null,
    ip: req?.ip ?? null,
  });
  return token;
}

export interface LoadedSession {
  sessionId: string;
  user: SessionUser;
}

/** What the session cache keeps: the loaded session and the times its validity depends on. */
export interface CachedLoad {
  loaded: LoadedSession;
  lastSeenAt: number;
  expiresAt: number;
}
export type SessionLoadCache = SessionCache<CachedLoad>;

/**
 * The lookup every signed-in request runs, as a prepared statement per database handle: built once, and on
 * PostgreSQL parsed and planned once per connection (the per-request cost that mattered, see bench/).
 */
const lookups = new WeakMap<Executor, ReturnType<typeof prepareLookup>>();
function prepareLookup(exec: Executor) {
  return exec
    .select({
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      ...accountColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('load_session');
}

/**
 * Looks the token up with its user in one query; expired or idle sessions are refused (and removed). With a cache,
 * a session read in the last few seconds is answered from memory while it stays valid by the clock and needs no
 * touch (decision 0020).
 */
export async function loadSession(
  exec: Executor,
  clock: Clock,
  token: string,
  cache?: SessionLoadCache,
): Promise<LoadedSession | null> {
  const id = sha256(token);
  const now = clock.now();
  const hit = cache?.get(id);
  if (
    hit &&
    hit.expiresAt > now.getTime() &&
    now.getTime() - hit.lastSeenAt <= Math.min(SESSION_IDLE_MS, TOUCH_EVERY_MS)
  ) {
    return hit.loaded;
  }
  let lookup = lookups.get(exec);
  if (!lookup) {
    lookup = prepareLookup(exec);
    lookups.set(exec, lookup);
  }
  const rows = await lookup.execute({ id });
  const row = rows[0];
  if (!row) return null;
  if (row.expiresAt <= now || now.getTime() - row.lastSeenAt.getTime() > SESSION_IDLE_MS) {
    await exec.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  let lastSeenAt = row.lastSeenAt.getTime();
  if (now.getTime() - lastSeenAt > TOUCH_EVERY_MS) {
    await exec.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
    lastSeenAt = now.getTime();
  }
  const status = row.status;
  const loaded: LoadedSession = {
    sessionId: id,
    user: {
      id: row.id,
      name: row.name,
      email: row.email,
      companyName: row.companyName,
      status,
      role: roleOf(status),
    },
  };
  cache?.set(id, row.id, { loaded, lastSeenAt, expiresAt: row.expiresAt.getTime() });
  return loaded;
}

export async function revokeSession(exec: Executor, sessionId: string): Promise<void> {
  dropCachedSessions({ sessionId });
  await exec.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user (reset, rejection), optionally keeping one. */
export async function revokeUserSessions(
  exec: Executor,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  dropCachedSessions({ userId });
  await exec
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${exceptSessionId}`)
        : eq(sessions.userId, userId),
    );
}

/** Housekeeping, run by the worker. */
export async function deleteExpiredSessions(exec: Executor, clock: Clock): Promise<void> {
  const now = clock.now();
  await exec
    .delete(sessions)
    .where(
      or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))),
    );
}
