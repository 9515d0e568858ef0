/**
 * Telling "the database is away" (restart, shutdown, failover, unreachable, too slow) from a real failure, so the
 * error handler answers 503 with Retry-After instead of 500 (docs/decisions/0031-database-outages.md).
 */

/** What a client should wait before trying again while the database is away (the Retry-After header). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket errors of a lost or refused connection. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of an outage: 57P01 admin shutdown, 57P02 crash shutdown, 57P03 "the database system is starting up"
 * (or shutting down, or in recovery), 53300 too many connections, 57014 a statement cancelled by statement_timeout.
 * Class 08 (connection exception) is matched as a class.
 */
const OUTAGE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/** What the pg driver and its pool say, without a code, when a connection dies, times out or cannot be had. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'timeout expired',
  'Query read timeout',
  'is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/** True when `err` (or what it wraps: drizzle's "Failed query" keeps the driver's error as `cause`) is an outage. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string') {
    if (SOCKET_CODES.has(e.code) || OUTAGE_SQLSTATES.has(e.code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(e.code)) return true;
  }
  if (typeof e.message === 'string' && DRIVER_MESSAGES.some((m) => (e.message as string).includes(m)))
    return true;
  // A host name with several addresses: Node reports every refused one in an AggregateError.
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1)))
    return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/** How the operator's metrics count a database error (docs/decisions/0037-operator-metrics.md). */
export type DatabaseErrorKind = 'connection' | 'timeout' | 'other';

/** Driver and server wording of a wait or a statement that ran out of time. */
const TIMEOUT_TEXT = /timeout|timed out/i;

/**
 * Which kind of database error `err` is: a timeout (no connection in time, a statement cancelled or unanswered), a
 * lost or refused connection (any other outage), or another failed query (a SQLSTATE that is no outage). Null
 * when it is no database error at all.
 */
export function databaseErrorKind(err: unknown): DatabaseErrorKind | null {
  if (isDatabaseUnavailable(err)) return hasTimeout(err, 0) ? 'timeout' : 'connection';
  return hasSqlState(err, 0) ? 'other' : null;
}

function hasTimeout(err: unknown, depth: number): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown };
  if (e.code === '57014' || e.code === 'ETIMEDOUT') return true;
  if (typeof e.message === 'string' && TIMEOUT_TEXT.test(e.message)) return true;
  return hasTimeout(e.cause, depth + 1);
}

function hasSqlState(err: unknown, depth: number): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; severity?: unknown; cause?: unknown };
  // The server's errors carry a severity and a five-character SQLSTATE (both drivers).
  if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string')
    return true;
  return hasSqlState(e.cause, depth + 1);
}
