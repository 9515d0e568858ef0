/**
 * Search benchmark (issue 4): seeds 100,000 listings, then measures the inventory query mix through the API
 * (HTTP to an in-process server) and as the same SQL run directly, the first page under 50 connections
 * (autocannon) next to a bare node:http hello-world, and peak memory.
 *
 *   npm run bench                                   PGlite in memory
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench
 *      creates (and drops) its own database on that server
 * Options: BENCH_ROWS (100000), BENCH_ITERATIONS (150), BENCH_DURATION seconds for autocannon (8),
 * BENCH_ACCEPT_ENCODING (what the client asks for; fetch's default asks for br/gzip like a browser).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { ListingStatus } from '../domain/listings.js';
import { cookieNames } from '../domain/session-cookies.js';
import { buildApp } from '../server/src/app.js';
import { testConfig } from '../server/src/config.js';
import { type Database, openDatabase, runMigrations } from '../server/src/db/client.js';
import { listings, users } from '../server/src/db/schema.js';
import { systemClock } from '../server/src/lib/clock.js';
import { createSession } from '../server/src/lib/sessions.js';
import * as repo from '../server/src/modules/listings/listings.repository.js';
import { dealerQuerySchema, PAGE_SIZE } from '../server/src/modules/listings/listings.schemas.js';
import { firstPageCache } from '../server/src/modules/listings/page-cache.js';
import { sampleListing, seededRandom } from '../server/src/modules/listings/sample-listings.js';
import { decodeCursor } from '../server/src/modules/listings/search.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 150);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const PG_URL = process.env.BENCH_DATABASE_URL;

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);

function log(line = '') {
  process.stdout.write(`${line}\n`);
}

async function openBenchDatabase(): Promise<{
  database: Database;
  drop: () => Promise<void>;
  label: string;
}> {
  if (!PG_URL) {
    const database = await openDatabase({});
    await runMigrations(database);
    return { database, drop: () => database.close(), label: 'PGlite (in memory)' };
  }
  const name = `fieldlot_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 10 });
  await runMigrations(database);
  return {
    database,
    label: `PostgreSQL (${url.host}, database ${name})`,
    drop: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: PG_URL });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/** Realistic spread: the sample generator's brands, states, years and words; 8% inactive, 4% sold; a serial per row. */
async function seed(database: Database): Promise<string> {
  const db = database.db;
  const [owner] = await db
    .insert(users)
    .values([
      { name: 'Bench Admin', email: 'bench-admin@example.com', companyName: 'Bench', status: 'admin' },
      { name: 'Bench Dealer', email: 'bench-dealer@example.com', companyName: 'Bench', status: 'approved' },
    ])
    .returning({ id: users.id });
  const rand = seededRandom(42);
  const start = Date.now();
  const yearMs = 365 * 24 * 3600_000;
  const batch = 1000;
  for (let i = 0; i < ROWS; i += batch) {
    const rows = Array.from({ length: Math.min(batch, ROWS - i) }, (_, j) => {
      const n = i + j;
      const l = sampleListing(rand);
      const r = rand();
      const status: ListingStatus = r < 0.08 ? 'inactive' : r < 0.12 ? 'sold' : 'active';
      return {
        ...l,
        description: `${l.description} Stock SN${String(n).padStart(6, '0')}.`,
        userId: owner.id,
        status,
        createdAt: new Date(start - Math.floor(rand() * yearMs)),
      };
    });
    await db.insert(listings).values(rows);
  }
  // Fresh statistics and visibility map, as autovacuum would leave a settled table.
  await db.execute(sql.raw(database.kind === 'postgres' ? 'vacuum analyze tractor_listings' : 'analyze'));
  return owner.id;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const fmt = (ms: number) => `${ms.toFixed(2)} ms`.padStart(10);

/**
 * Times two functions in alternation (a, b, a, b, ...), so that bursts of load from other processes on a shared
 * machine fall on both series alike instead of on whichever happened to run at the time.
 */
async function timeBoth(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
): Promise<[{ p50: number; p95: number }, { p50: number; p95: number }]> {
  for (let i = 0; i < 10; i++) {
    await a();
    await b();
  }
  const sa: number[] = [];
  const sb: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    let t0 = performance.now();
    await a();
    sa.push(performance.now() - t0);
    t0 = performance.now();
    await b();
    sb.push(performance.now() - t0);
  }
  const stats = (s: number[]) => {
    s.sort((x, y) => x - y);
    return { p50: percentile(s, 0.5), p95: percentile(s, 0.95) };
  };
  return [stats(sa), stats(sb)];
}

function cannon(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 50, duration: DURATION, headers }, (err, result) =>
      err ? reject(err) : resolve(result.requests.average),
    );
  });
}

async function main() {
  const t0 = Date.now();
  const { database, drop, label } = await openBenchDatabase();
  try {
    log(`FieldLot search benchmark: ${ROWS.toLocaleString('en-US')} listings on ${label}`);
    const ownerId = await seed(database);
    log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    if (process.env.BENCH_SEED_ONLY) return;

    const config = testConfig({ logLevel: 'silent', dataDir: '.tmp/bench-data' });
    const app = await buildApp({ config, database, serveWeb: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const token = await createSession(database.db, systemClock, ownerId);
    // fetch asks for compressed answers like a browser; BENCH_ACCEPT_ENCODING=identity measures without.
    const headers: Record<string, string> = { cookie: `${cookieNames(false).session}=${token}` };
    if (process.env.BENCH_ACCEPT_ENCODING) headers['accept-encoding'] = process.env.BENCH_ACCEPT_ENCODING;
    const getJson = async (path: string) => {
      const res = await fetch(`${base}${path}`, { headers });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<{ total: number; nextCursor: string | null }>;
    };

    // The deep page: follow cursors 40 pages in (960 rows), newest first and by price.
    const deepCursor = async (sort: string) => {
      let cursor: string | null = null;
      for (let i = 0; i < 40; i++) {
        const page: { nextCursor: string | null } = await getJson(
          `/api/listings?sort=${sort}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        cursor = page.nextCursor;
      }
      return cursor as string;
    };
    const mix: [string, string][] = [
      ['broad term "deere"', 'q=deere'],
      ['selective term "sn01234"', 'q=sn01234'],
      ['brand only (Fendt)', 'brand=Fendt'],
      ['filters only', 'yearMin=2015&hoursMax=3000&priceMax=15000000&condition=Good,Excellent&state=Iowa'],
      ['term + filters, price sort', 'q=loader&yearMin=2010&sort=price_asc'],
      ['first page, no filter', ''],
      ['deep page 41, newest', `cursor=${encodeURIComponent(await deepCursor('newest'))}`],
      [
        'deep page 41, price desc',
        `sort=price_desc&cursor=${encodeURIComponent(await deepCursor('price_desc'))}`,
      ],
    ];

    // Latency: every request runs its SQL (the first-page cache is off), so the ratio is the API's own cost.
    firstPageCache(app.ctx).ttlMs = 0;
    log();
    log(
      `Query mix, ${ITERATIONS} runs each, API and SQL alternating (after 10 warm-up runs), first-page cache off`,
    );
    log(
      `${'query'.padEnd(30)} ${'matches'.padStart(8)} ${'API p50'.padStart(10)} ${'API p95'.padStart(10)} ${'SQL p50'.padStart(10)} ${'SQL p95'.padStart(10)} ${'ratio p95'.padStart(9)}  target`,
    );
    let allOk = true;
    for (const [name, qs] of mix) {
      const path = `/api/listings${qs ? `?${qs}` : ''}`;
      const first = await getJson(path);
      const parsed = dealerQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
      const { cursor: raw, sort, ...filters } = parsed;
      const cursor = raw ? decodeCursor(raw, sort) : undefined;
      const f = { ...filters, status: 'active' as const };
      // The same SQL the service runs for this request (count and brands only on a first page).
      const direct = () =>
        Promise.all([
          repo.searchPage(database.db, f, sort, cursor, PAGE_SIZE),
          cursor ? null : repo.countMatches(database.db, f),
          cursor ? null : repo.activeBrands(database.db),
        ]);
      const [apiT, sqlT] = await timeBoth(() => getJson(path), direct);
      const ok = apiT.p95 <= 1.5 * sqlT.p95 + 2 && sqlT.p95 < 50;
      if (!name.startsWith('(info)')) allOk &&= ok;
      log(
        `${name.padEnd(30)} ${String(first.total < 0 ? '-' : first.total).padStart(8)} ${fmt(apiT.p50)} ${fmt(apiT.p95)} ${fmt(sqlT.p50)} ${fmt(sqlT.p95)} ${(apiT.p95 / sqlT.p95).toFixed(2).padStart(9)}  ${ok ? 'ok' : 'MISSED'}`,
      );
    }
    log('(target: API p95 <= 1.5 x SQL p95 + 2 ms, and SQL p95 < 50 ms)');
    // What any request costs here before listings code runs: HTTP both ways, the client, the auth hook, and
    // for a signed-in caller the session lookup (one database round trip, never cached in memory).
    const live = async (h: Record<string, string>) =>
      (await fetch(`${base}/api/health/live`, { headers: h })).text();
    const [anon, signedIn] = await timeBoth(
      () => live({}),
      () => live(headers),
    );
    log(
      `baseline: GET /api/health/live signed out (no database)   p50 ${fmt(anon.p50)}, p95 ${fmt(anon.p95)}`,
    );
    log(
      `baseline: GET /api/health/live signed in (session lookup) p50 ${fmt(signedIn.p50)}, p95 ${fmt(signedIn.p95)}`,
    );

    const hello: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('hello world');
    });
    await new Promise<void>((r) => hello.listen(0, '127.0.0.1', r));
    const helloUrl = `http://127.0.0.1:${(hello.address() as AddressInfo).port}/`;
    log();
    log(`Throughput, 50 connections, ${DURATION} s each (autocannon in the same process)`);
    const helloRps = await cannon(helloUrl, {});
    const uncachedRps = await cannon(`${base}/api/listings`, headers);
    firstPageCache(app.ctx).ttlMs = 5000;
    const apiRps = await cannon(`${base}/api/listings`, headers);
    const pct = (n: number) => `${((n / helloRps) * 100).toFixed(1).padStart(6)} %`;
    log(`node:http hello-world                     ${helloRps.toFixed(0).padStart(8)} req/s`);
    log(
      `GET /api/listings page 1 (5 s page cache) ${apiRps.toFixed(0).padStart(8)} req/s ${pct(apiRps)}  (target >= 40%)`,
    );
    log(
      `GET /api/listings page 1 (no cache)       ${uncachedRps.toFixed(0).padStart(8)} req/s ${pct(uncachedRps)}`,
    );
    hello.close();
    await app.close();

    log();
    log(
      `Peak memory (RSS, whole process: server, client and ${label.split(' ')[0]}): ${(peakRss / 1048576).toFixed(0)} MB`,
    );
    log(allOk ? 'Every query met its latency target.' : 'Some queries MISSED their latency target.');
  } finally {
    clearInterval(sampler);
    if (!process.env.BENCH_SEED_ONLY) await drop();
    else await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
