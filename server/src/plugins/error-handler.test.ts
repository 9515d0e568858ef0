import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { freePort } from '../test/free-port.js';
import { registerErrorHandler } from './error-handler.js';

/** A PostgreSQL URL on a loopback port where nothing listens: every connection is refused, as during a restart. */
async function unreachableDatabase(): Promise<Database> {
  const port = await freePort();
  return openDatabase({
    databaseUrl: `postgres://fieldlot@127.0.0.1:${port}/fieldlot`,
    connectTimeoutMs: 2000,
  });
}

describe('the error handler while the database is unreachable (decision 0031)', () => {
  let database: Database;
  const app = Fastify();
  beforeAll(async () => {
    database = await unreachableDatabase();
    registerErrorHandler(app);
    app.get('/query', async () => rowsCount(await database.db.execute(sql`select 1`)));
    app.get('/transaction', async () => database.db.transaction(async (tx) => tx.execute(sql`select 1`)));
    app.get('/bug', async () => {
      throw new Error('a bug, not an outage');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers a query on a refused connection with 503, Retry-After and the JSON error body', async () => {
    const res = await app.inject('/query');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      error: {
        code: 'DATABASE_UNAVAILABLE',
        message: expect.stringContaining('try again'),
        retryAfterSeconds: 5,
      },
    });
  });

  it('answers a transaction that cannot start the same way', async () => {
    const res = await app.inject('/transaction');
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('DATABASE_UNAVAILABLE');
  });

  it('still answers any other failure with a bare 500 and no Retry-After', async () => {
    const res = await app.inject('/bug');
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
    expect(res.json().error.code).toBe('INTERNAL');
  });

  it('rejects LISTEN and readiness pings instead of crashing, and can be asked again', async () => {
    await expect(database.listen('fieldlot_events', () => {})).rejects.toSatisfy(isDatabaseUnavailable);
    await expect(database.listen('fieldlot_events', () => {})).rejects.toSatisfy(isDatabaseUnavailable);
    await expect(database.ping()).rejects.toSatisfy(isDatabaseUnavailable);
  });
});

describe('isDatabaseUnavailable', () => {
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

  it('knows the server going away, starting up, refusing and timing out', () => {
    for (const err of [
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('the database system is shutting down', '57P03'),
      withCode('connection failure', '08006'),
      withCode('canceling statement due to statement timeout', '57014'),
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('Failed query: select 1\nparams: ', { cause: withCode('x', '57P01') }),
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]),
    ])
      expect(isDatabaseUnavailable(err), err.message).toBe(true);
  });

  it('leaves real failures alone: constraint violations, syntax errors, bugs', () => {
    for (const err of [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('syntax error at or near "selec"', '42601'),
      withCode('could not serialize access', '40001'),
      new Error('Failed query: select 1\nparams: ', { cause: withCode('x', '23503') }),
      new TypeError('Cannot read properties of undefined'),
      null,
      'a string',
    ])
      expect(isDatabaseUnavailable(err)).toBe(false);
  });
});

function rowsCount(result: unknown) {
  return { rows: (result as { rows: unknown[] }).rows.length };
}
