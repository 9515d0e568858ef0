import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { outbox } from '../db/schema.js';
import { databaseErrorKind } from '../db/unavailable.js';
import { freePort } from '../test/free-port.js';
import { createTestApp, createUser, openTestDatabase, type TestApp, TestClient } from '../test/test-app.js';

/** docs/decisions/0037-operator-metrics.md: GET /metrics, never public. */
const TOKEN = 'm'.repeat(40);
const auth = { authorization: `Bearer ${TOKEN}` };

/** The value of one series in the text format, or undefined when it has no sample. */
function sampleOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers 404 with the JSON error body, whatever the caller sends', async () => {
    for (const headers of [{}, auth]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let scrape: () => Promise<string>;
  beforeAll(async () => {
    t = await createTestApp({ metrics: { token: TOKEN, host: '127.0.0.1' }, pageCacheMs: 60_000 });
    scrape = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
  });
  afterAll(() => t?.close());

  it('answers 401 with a JSON body to a missing or wrong token', async () => {
    for (const authorization of [undefined, `Bearer ${'x'.repeat(40)}`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
      expect(res.body).not.toContain('fieldlot_');
    }
  });

  it('is not an API operation: absent from the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/docs')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).some((p) => p.includes('metrics'))).toBe(false);
  });

  it('answers the Prometheus text format, requests labelled by route pattern, never by URL or id', async () => {
    const id = randomUUID();
    expect((await t.app.inject(`/api/listings/${id}`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/no-such-route/${id}?email=a@example.com`)).statusCode).toBe(404);
    expect((await t.app.inject(`/tractor/${id}`)).statusCode).toBe(404);
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    expect(
      sampleOf(text, 'fieldlot_http_requests_total{route="/api/listings/:id",method="GET",status="404"}'),
    ).toBe(1);
    expect(sampleOf(text, 'fieldlot_http_requests_total{route="unmatched",method="GET",status="404"}')).toBe(
      1,
    );
    expect(
      sampleOf(text, 'fieldlot_http_requests_total{route="/tractor/:id",method="GET",status="404"}'),
    ).toBe(1);
    expect(
      sampleOf(text, 'fieldlot_http_request_duration_seconds_count{route="/api/listings/:id",method="GET"}'),
    ).toBe(1);
    expect(text).not.toContain(id);
    expect(text).not.toContain('example.com');
    // Node's own: event loop lag and memory.
    expect(sampleOf(text, 'fieldlot_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleOf(text, 'fieldlot_process_resident_memory_bytes')).toBeGreaterThan(0);
    // Never the Node version (which advisories apply is no one's business outside).
    expect(text).not.toContain('nodejs_version_info');
    expect(text).not.toContain(process.version);
  });

  it('has the pool gauges (PostgreSQL; PGlite has no pool) and every database error kind from zero', async () => {
    const text = await scrape();
    for (const name of ['connections', 'idle_connections', 'waiting_requests'])
      expect(text).toContain(`# TYPE fieldlot_database_pool_${name} gauge`);
    if (t.database.kind === 'postgres') {
      expect(sampleOf(text, 'fieldlot_database_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sampleOf(text, 'fieldlot_database_pool_waiting_requests')).toBe(0);
    } else expect(sampleOf(text, 'fieldlot_database_pool_connections')).toBeUndefined();
    for (const kind of ['connection', 'timeout', 'other'])
      expect(sampleOf(text, `fieldlot_database_errors_total{kind="${kind}"}`)).toBe(0);
    expect(sampleOf(text, 'fieldlot_live_streams_open')).toBe(0);
  });

  it('reads the outbox backlog and the age of its oldest e-mail at each scrape', async () => {
    expect(sampleOf(await scrape(), 'fieldlot_outbox_pending_messages')).toBe(0);
    expect(sampleOf(await scrape(), 'fieldlot_outbox_oldest_pending_age_seconds')).toBe(0);
    await t.app.ctx.db.insert(outbox).values([
      { template: 'test', recipient: 'a@example.com', createdAt: new Date(Date.now() - 15 * 60_000) },
      { template: 'test', recipient: 'b@example.com' },
      {
        template: 'test',
        recipient: 'c@example.com',
        status: 'sent',
        createdAt: new Date(Date.now() - 3600_000),
      },
    ]);
    const text = await scrape();
    expect(sampleOf(text, 'fieldlot_outbox_pending_messages')).toBe(2);
    const age = sampleOf(text, 'fieldlot_outbox_oldest_pending_age_seconds') ?? 0;
    expect(age).toBeGreaterThanOrEqual(15 * 60 - 5);
    expect(age).toBeLessThan(16 * 60);
  });

  it('counts hits and misses of the session and inventory caches', async () => {
    const before = await scrape();
    const user = await createUser(t.app, { status: 'approved' });
    const client = await TestClient.as(t.app, user);
    expect((await client.get('/api/listings')).statusCode).toBe(200);
    expect((await client.get('/api/listings')).statusCode).toBe(200);
    const after = await scrape();
    const grew = (series: string) => (sampleOf(after, series) ?? 0) - (sampleOf(before, series) ?? 0);
    // Tests keep the session cache off: every lookup is a miss.
    expect(grew('fieldlot_cache_misses_total{cache="session"}')).toBeGreaterThanOrEqual(2);
    expect(grew('fieldlot_cache_misses_total{cache="inventory"}')).toBe(1);
    expect(grew('fieldlot_cache_hits_total{cache="inventory"}')).toBe(1);
  });
});

describe('database errors', () => {
  let app: App;
  let dropDatabase: (() => Promise<void>) | null = null;
  beforeAll(async () => {
    const { database, drop } = await openTestDatabase();
    dropDatabase = drop;
    app = await buildApp({ config: testConfig({ metrics: { token: TOKEN, host: '127.0.0.1' } }), database });
    // Stand-ins for what the drivers throw (non-API routes: no access rule needed).
    const thrower = (err: object) => async () => {
      throw Object.assign(new Error('database failed'), err);
    };
    app.get(
      '/test/refused',
      thrower({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }),
    );
    app.get('/test/timeout', thrower({ message: 'timeout exceeded when trying to connect' }));
    app.get('/test/cancelled', thrower({ code: '57014', severity: 'ERROR', message: 'canceling statement' }));
    app.get('/test/constraint', thrower({ code: '23505', severity: 'ERROR', message: 'duplicate key' }));
    app.get('/test/bug', thrower({ message: 'not a database error' }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await dropDatabase?.();
  });

  it('tells the kinds apart', () => {
    expect(databaseErrorKind({ code: 'ECONNRESET' })).toBe('connection');
    expect(databaseErrorKind(new Error('Connection terminated unexpectedly'))).toBe('connection');
    expect(databaseErrorKind({ message: 'Failed query', cause: { code: '57014', severity: 'ERROR' } })).toBe(
      'timeout',
    );
    expect(databaseErrorKind(new Error('Query read timeout'))).toBe('timeout');
    expect(databaseErrorKind({ code: '23505', severity: 'ERROR' })).toBe('other');
    expect(databaseErrorKind(new Error('plain bug'))).toBeNull();
  });

  it('counts each request a database error failed, by kind (503 for an outage)', async () => {
    const statuses: number[] = [];
    for (const url of ['/test/refused', '/test/timeout', '/test/cancelled', '/test/constraint', '/test/bug'])
      statuses.push((await app.inject(url)).statusCode);
    expect(statuses).toEqual([503, 503, 503, 500, 500]);
    const text = (await app.inject({ method: 'GET', url: '/metrics', headers: auth })).body;
    expect(sampleOf(text, 'fieldlot_database_errors_total{kind="connection"}')).toBe(1);
    expect(sampleOf(text, 'fieldlot_database_errors_total{kind="timeout"}')).toBe(2);
    expect(sampleOf(text, 'fieldlot_database_errors_total{kind="other"}')).toBe(1);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'counts the errors of pool and LISTEN connections the server ends (PostgreSQL)',
    async () => {
      const connectionErrors = async () =>
        sampleOf(
          (await app.inject({ method: 'GET', url: '/metrics', headers: auth })).body,
          'fieldlot_database_errors_total{kind="connection"}',
        ) ?? 0;
      const before = await connectionErrors();
      // Idle pool connections and the inventory cache's LISTEN connection, ended as a restart would end them.
      await Promise.all([1, 2].map(() => app.ctx.db.execute(sql`select pg_sleep(0.05)`)));
      await app.ctx.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid()`,
      );
      await expect.poll(connectionErrors, { timeout: 5000 }).toBeGreaterThan(before);
    },
  );

  it('keeps answering while the database is gone: the outbox gauges have no sample', async () => {
    await dropDatabase?.();
    dropDatabase = null;
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('# TYPE fieldlot_outbox_pending_messages gauge');
    expect(sampleOf(res.body, 'fieldlot_outbox_pending_messages')).toBeUndefined();
  });
});

describe('METRICS_PORT', () => {
  it('serves /metrics on a port of its own (and nothing else there), closed with the app', async () => {
    const port = await freePort();
    const { database, drop } = await openTestDatabase();
    const app = await buildApp({
      config: testConfig({ metrics: { port, host: '127.0.0.1' } }),
      database,
      serveWeb: false,
    });
    try {
      await app.ready();
      await app.inject('/api/health/live');
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await res.text()).toContain('fieldlot_http_requests_total{route="/api/health/live"');
      const other = await fetch(`http://127.0.0.1:${port}/api/health/live`);
      expect(other.status).toBe(404);
      await other.body?.cancel();
      // The app's own port has no token configured: 404 there.
      expect((await app.inject('/metrics')).statusCode).toBe(404);
    } finally {
      await app.close();
      await drop();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });

  it('asks for the token there too when one is set', async () => {
    const port = await freePort();
    const { database, drop } = await openTestDatabase();
    const app = await buildApp({
      config: testConfig({ metrics: { port, host: '127.0.0.1', token: TOKEN } }),
      database,
      serveWeb: false,
    });
    try {
      await app.ready();
      const denied = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(denied.status).toBe(401);
      expect(((await denied.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
      expect((await fetch(`http://127.0.0.1:${port}/metrics`, { headers: auth })).status).toBe(200);
    } finally {
      await app.close();
      await drop();
    }
  });
});

describe('the SPA fallback', () => {
  it('never swallows /metrics', async () => {
    const { database, drop } = await openTestDatabase();
    const webDist = mkdtempSync(path.join(os.tmpdir(), 'fieldlot-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>FieldLot</title>');
    const app = await buildApp({ config: testConfig(), database, webDist });
    try {
      const res = await app.inject('/metrics');
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      // A page of the SPA is still the SPA.
      expect((await app.inject('/contact')).headers['content-type']).toMatch(/text\/html/);
    } finally {
      await app.close();
      await drop();
      rmSync(webDist, { recursive: true, force: true });
    }
  });
});
