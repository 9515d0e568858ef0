/**
 * Search and server benchmark (decision 0020). Honest by construction:
 * - the server is the real one (compiled `server/dist/server.js`, production config, default log level, workers on) in its
 *   own process; the load generator (bench/load-generator.mjs) and the baseline (bench/baseline-server.mjs) each in
 *   theirs; this process seeds, drives and compares;
 * - requests carry an approved dealer's session cookie and ask for br/gzip like a browser;
 * - listings are seeded in SQL (one INSERT ... SELECT generate_series) with the sample generator's vocabulary
 *   (makes, models, states, conditions, description words), a primary image each (the cards carry real srcsets),
 *   8% inactive and 4% sold; no VACUUM ANALYZE: the run waits (up to 2 minutes) for autovacuum's own analyze, as
 *   a live table would have had, and says whether it came;
 * - throughput is the first inventory page with the page cache off, against a bare node:http server answering the
 *   same bytes (same size, same encoding), in alternating slices after one uncounted warm-up slice each, 3 rounds,
 *   median and range;
 * - a computed page (cache off) is also measured against a minimal node:http + pg server running the three
 *   statements the budget names as the app ran them then (planned on every request), the same three prepared, and
 *   the app's current statements (bench/baseline-pg-server.mjs; decisions 0053, 0063 and 0065); the cached page
 *   while a writer changes 1 and 10 listings a second;
 * - each search variant prints its latency from one user and from CONNECTIONS connections at once;
 * - the server reports its own peak RSS (process.resourceUsage().maxRSS, preloaded bench/rss-report.mjs).
 * Every budget prints its figure and pass or miss; nothing here is a test.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench [-- --listings 1000000]
 * Options: --listings N (100000; past 1,000,000 seeded with COPY, bench/copy-seed.ts), --copy (COPY at any size),
 * --rounds R (3), --slice seconds (5), --connections C (32), --iterations I (100),
 * --concurrent-seconds S (3, per search variant),
 * --seed-only (seeds, keeps the database and prints its URL, for EXPLAIN), --reuse <url> (measures such a kept
 * database again without seeding it; it is not dropped).
 * It creates (and drops) its own database on that server.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { LISTING_BRANDS } from '../domain/brands.js';
import { INVENTORY_COUNT_CAP } from '../domain/listing-search.js';
import { CONDITIONS, US_STATES } from '../domain/listings.js';
import { cookieNames } from '../domain/session-cookies.js';
import { buildServer } from '../scripts/build-server.mjs';
import { compiledServerArgs } from '../scripts/server-args.mjs';
import { runDatabaseName } from '../scripts/test-databases.mjs';
import { type Database, openDatabase, rowsOf, runMigrations } from '../server/src/db/client.js';
import { users } from '../server/src/db/schema.js';
import { systemClock } from '../server/src/lib/clock.js';
import { createSession } from '../server/src/lib/sessions.js';
import * as repo from '../server/src/modules/listings/listings.repository.js';
import { dealerQuerySchema, PAGE_SIZE } from '../server/src/modules/listings/listings.schemas.js';
import {
  MODELS,
  OTHER_MODELS,
  TRANSMISSIONS,
  WORDS,
} from '../server/src/modules/listings/sample-listings.js';
import { decodeCursor } from '../server/src/modules/listings/search.js';
import { copySeed } from './copy-seed.js';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const ROWS = arg('listings', Number(process.env.BENCH_ROWS ?? 100_000));
const ROUNDS = arg('rounds', 3);
const SLICE = arg('slice', 5);
const CONNECTIONS = arg('connections', 32);
const ITERATIONS = arg('iterations', 100);
/** Seconds of load per search variant for its concurrent latency. */
const CONCURRENT_SECONDS = arg('concurrent-seconds', 3);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const RSS_BUDGET = 300 * 1024 * 1024;

const log = (line = '') => process.stdout.write(`${line}\n`);
const verdict = (ok: boolean) => (ok ? 'pass' : 'MISS');
const ms = (n: number) => `${n.toFixed(2)} ms`;
const results: Array<{ budget: string; figure: string; ok: boolean }> = [];
function budget(name: string, figure: string, ok: boolean) {
  results.push({ budget: name, figure, ok });
}

// ---------------------------------------------------------------- the database

async function createBenchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!PG_URL) {
    log(
      'The benchmark measures on PostgreSQL: set BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres).',
    );
    process.exit(2);
  }
  // Named like the tests' databases (decision 0030): unique on a shared server, dropped if left for six hours.
  const name = runDatabaseName('bench');
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const a = new pg.Client({ connectionString: PG_URL });
      await a.connect();
      await a.query(`drop database if exists "${name}" with (force)`);
      await a.end();
    },
  };
}

// The sample generator's vocabulary (server/src/modules/listings/sample-listings.ts), as SQL arrays.
const lit = (values: readonly string[]) =>
  `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

/** One INSERT ... SELECT generate_series for the listings, one for their primary images. */
async function seed(db: Database['db'], ownerId: string) {
  const big = Object.entries(MODELS).flatMap(([make, models]) => models.map((m) => `${make}|${m}`));
  const other = LISTING_BRANDS.flatMap((make) => (MODELS[make] ?? OTHER_MODELS).map((m) => `${make}|${m}`));
  await db.execute(
    sql.raw(`
    insert into tractor_listings (user_id, make, model, year, hours, price_cents, location, condition, description,
      transmission, front_loader, status, engine_hours, build_year, grade_tenths, created_at, updated_at)
    select '${ownerId}', split_part(pair, '|', 1), split_part(pair, '|', 2), year, hours, price, state, cond,
      year || ' ' || split_part(pair, '|', 1) || ' ' || split_part(pair, '|', 2) || ', ' || words
        || '. Stock SN' || lpad(g::text, 7, '0') || '.',
      trans, r6 < 0.3, case when r7 < 0.08 then 'inactive' when r7 < 0.12 then 'sold' else 'active' end,
      hours, year, case when r8 < 0.5 then 0 else 10 + floor(r9 * 41)::int end,
      now() - r10 * interval '365 days', now()
    from generate_series(1, ${ROWS}) g
    cross join lateral (
      select random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7,
             random() r8, random() r9, random() r10, random() r11, random() r12, g as g0
    ) r
    cross join lateral (
      select
        case when r1 < 0.6 then (${lit(big)})[1 + floor(r2 * ${big.length})::int]
             else (${lit(other)})[1 + floor(r2 * ${other.length})::int] end as pair,
        2026 - floor(power(r3, 1.6) * 40)::int as year,
        floor(power(r4, 1.4) * 12000)::int as hours,
        (round((15000 + power(r5, 1.8) * 385000) / 100) * 10000)::bigint as price,
        (${lit(US_STATES.map(([, n]) => n))})[1 + floor(r11 * ${US_STATES.length})::int] as state,
        (${lit(CONDITIONS)})[1 + floor(r12 * ${CONDITIONS.length})::int] as cond,
        (${lit(TRANSMISSIONS)})[1 + floor(r9 * ${TRANSMISSIONS.length})::int] as trans,
        (select string_agg((${lit(WORDS)})[1 + floor(random() * ${WORDS.length})::int], ', ')
           from generate_series(1, 4 + floor(r10 * 6)::int + 0 * r.g0)) as words
    ) d`),
  );
  await db.execute(
    sql.raw(`
    insert into tractor_images (listing_id, storage_key, width, height, is_primary, image_order)
    select id, 'bench/' || md5(id::text), 1600, 1200, true, 0 from tractor_listings`),
  );
}

/**
 * The table as it would be in use: autovacuum's own analyze of the new rows, never a VACUUM of ours. When the server
 * runs without autovacuum (some test clusters), the run does the ANALYZE autovacuum would have done and leaves the
 * visibility map as a fresh table has it (index-only scans still visit the heap: the less favourable case).
 */
async function settleLikeAutovacuum(db: Database['db']): Promise<string> {
  const [{ autovacuum }] = rowsOf<{ autovacuum: string }>(await db.execute(sql`show autovacuum`));
  if (autovacuum !== 'on') {
    await db.execute(sql`analyze tractor_listings`);
    await db.execute(sql`analyze tractor_images`);
    return 'autovacuum is off on this server: ANALYZE as autovacuum would have, no VACUUM (visibility map unset)';
  }
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    const [r] = rowsOf<{ last_autoanalyze: Date | null; last_autovacuum: Date | null }>(
      await db.execute(
        sql`select last_autoanalyze, last_autovacuum from pg_stat_user_tables where relname = 'tractor_listings'`,
      ),
    );
    if (r?.last_autoanalyze)
      return `autovacuum analyzed the table${r.last_autovacuum ? ' and vacuumed it' : ' (not vacuumed yet)'}`;
    await new Promise((res) => setTimeout(res, 2000));
  }
  return 'autovacuum had not analyzed the table after 90 s (measured as it was)';
}

// ---------------------------------------------------------------- processes

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

interface RunningServer {
  base: string;
  child: ChildProcess;
  rssFile: string;
  logFile: string;
  stop: () => Promise<void>;
}

/** The real server, as `npm start` runs it (compiled, production config, default log level, workers on). */
/** `pageCacheMs` null: the shipped default (PAGE_CACHE_MS unset). */
async function startServer(url: string, tmp: string, pageCacheMs: number | null): Promise<RunningServer> {
  const port = await freePort();
  const rssFile = path.join(tmp, `rss-${port}`);
  const logFile = path.join(tmp, `server-${port}.log`);
  const child = spawn(process.execPath, compiledServerArgs(path.join(root, 'bench/rss-report.mjs')), {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      DATABASE_URL: url,
      DATA_DIR: path.join(tmp, 'data'),
      DEMO: 'false',
      ...(pageCacheMs === null ? {} : { PAGE_CACHE_MS: String(pageCacheMs) }),
      BENCH_RSS_FILE: rssFile,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out: Buffer[] = [];
  child.stdout?.on('data', (b: Buffer) => out.push(b));
  child.stderr?.on('data', (b: Buffer) => out.push(b));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${Buffer.concat(out).toString()}`);
    const ok = await fetch(`${base}/api/health/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (i > 600) throw new Error('server did not start in 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    child,
    rssFile,
    logFile,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      writeFileSync(logFile, Buffer.concat(out));
    },
  };
}

function runLoad(
  url: string,
  headers: Record<string, string>,
  seconds = SLICE,
): Promise<{ rps: number; errors: number; bytes: number; requests: number; p50: number; p95: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'bench/load-generator.mjs'),
        url,
        String(CONNECTIONS),
        String(seconds),
        JSON.stringify(headers),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (b) => {
      out += b;
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load generator: ${code}`)),
    );
  });
}

async function startBaseline(body: Buffer, headers: Record<string, string>, tmp: string) {
  const file = path.join(tmp, 'baseline-body');
  writeFileSync(file, body);
  const child = spawn(
    process.execPath,
    [path.join(root, 'bench/baseline-server.mjs'), file, JSON.stringify(headers)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve) =>
    child.stdout.once('data', (b) => resolve(Number(String(b).trim()))),
  );
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill('SIGTERM') };
}

/** A GET with the given headers; the body as received (still compressed) and the response headers. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: Buffer; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }),
        );
      })
      .on('error', reject);
  });
}

// ---------------------------------------------------------------- measuring

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Times a and b in alternation, so bursts of load from other processes fall on both series alike. */
async function timeBoth(a: () => Promise<unknown>, b: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) {
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
  return [stats(sa), stats(sb)] as const;
}

/**
 * First-page throughput against a bare node:http server answering the very bytes the API sent: alternating
 * slices, ROUNDS rounds (which goes first alternates), median and range of the ratios.
 */
async function throughput(
  base: string,
  headers: Record<string, string>,
  tmp: string,
  label: string,
  against?: { url: string; stop: () => void; name: string },
) {
  const page = await rawGet(`${base}/api/listings`, headers);
  if (page.status !== 200) throw new Error(`first page: ${page.status}`);
  const sameHeaders: Record<string, string> = { 'content-type': String(page.headers['content-type']) };
  if (page.headers['content-encoding'])
    sameHeaders['content-encoding'] = String(page.headers['content-encoding']);
  const baseline = against ?? (await startBaseline(page.body, sameHeaders, tmp));
  log();
  log(
    `Throughput: first inventory page, signed in, ${label} (${page.body.length} bytes ${page.headers['content-encoding'] ?? 'identity'}),` +
      ` ${CONNECTIONS} connections, ${SLICE} s slices alternating with ${against?.name ?? 'a node:http server answering the same bytes'}, ${ROUNDS} rounds`,
  );
  // One slice each first, not counted: a baseline just started opens its pool's connections, prepares its
  // statements and warms its JIT during its first slice, which made the first round's ratio flatter the app.
  await runLoad(baseline.url, headers);
  await runLoad(`${base}/api/listings`, headers);
  const apiRps: number[] = [];
  const baseRps: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which goes first, so neither always gets the warmer (or busier) machine.
    const order = round % 2 === 0 ? (['base', 'api'] as const) : (['api', 'base'] as const);
    const got: Record<string, number> = {};
    for (const which of order) {
      const r =
        which === 'base'
          ? await runLoad(baseline.url, headers)
          : await runLoad(`${base}/api/listings`, headers);
      if (r.errors) log(`  (${which}: ${r.errors} errors)`);
      got[which] = r.rps;
    }
    apiRps.push(got.api);
    baseRps.push(got.base);
    ratios.push(got.api / got.base);
    log(
      `  round ${round + 1}: baseline ${got.base.toFixed(0)} req/s, API ${got.api.toFixed(0)} req/s, ratio ${(got.api / got.base).toFixed(3)}`,
    );
  }
  baseline.stop();
  const range = (xs: number[], d = 0) => `${Math.min(...xs).toFixed(d)}-${Math.max(...xs).toFixed(d)}`;
  const ratio = median(ratios);
  log(
    `  median: baseline ${median(baseRps).toFixed(0)} req/s (${range(baseRps)}), API ${median(apiRps).toFixed(0)} req/s (${range(apiRps)}), ratio ${ratio.toFixed(3)} (${range(ratios, 3)})`,
  );
  return { median: ratio, figure: `${ratio.toFixed(3)} (range ${range(ratios, 3)})` };
}

/**
 * The computed page's baselines (bench/baseline-pg-server.mjs): node:http + pg running, for the first page with
 * the cache off, either
 * - 'as-set': the three statements the performance budget names (the page, its capped count and the brand list),
 *   run at once as the app ran them when the budget was set: unnamed, so planned on every request (decision 0065);
 * - 'prepared': the same three, each prepared under a name (decision 0063's reading, stricter than the budget), or
 * - 'current': the statements the app runs now, prepared as it prepares them (the page with its capped count in
 *   one, and the brand list).
 */
type PgBaseline = 'as-set' | 'prepared' | 'current';
async function startPgBaseline(url: string, which: PgBaseline) {
  const dialect = new PgDialect();
  const given: Record<string, unknown> = {
    limit: PAGE_SIZE + 1,
    countLimit: INVENTORY_COUNT_CAP + 1,
    now: new Date().toISOString(),
  };
  const statement = (name: string, query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const values = params.map((v) => (v instanceof Placeholder ? given[v.name] : v));
    return which === 'as-set' ? { text, values } : { name, text, values };
  };
  const apart = repo.wholeInventoryApartSql('newest');
  const statements =
    which === 'current'
      ? [
          statement('inventory_first_page_newest', repo.wholeInventorySql('newest')),
          statement('active_brands', repo.activeBrandsSql(sql.placeholder('now'))),
        ]
      : [
          statement('inventory_page_newest', apart.page),
          statement('inventory_count', apart.count),
          statement('active_brands', repo.activeBrandsSql(sql.placeholder('now'))),
        ];
  const child = spawn(
    process.execPath,
    [path.join(root, 'bench/baseline-pg-server.mjs'), url, '10', JSON.stringify(statements)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve) =>
    child.stdout.once('data', (b) => resolve(Number(String(b).trim()))),
  );
  const names: Record<PgBaseline, string> = {
    'as-set':
      "a minimal node:http + pg server running the budget's three statements (page, count, brands) as the app ran them then, planned on every request",
    prepared: "a minimal node:http + pg server running the budget's three statements, each prepared",
    current: "a minimal node:http + pg server running the app's current two statements, prepared",
  };
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill('SIGTERM'), name: names[which] };
}

/**
 * Writes one active listing (the newest, found once through its index) `perSecond` times a second, each write its
 * own statement. Found once: looking it up in every write sorted a million rows at 1M (half a second a write), so
 * the writes queued behind each other and a "10 a second" writer made two.
 */
async function startWriter(db: Database['db'], perSecond: number) {
  const [newest] = rowsOf<{ id: string }>(
    await db.execute(
      sql`select id from tractor_listings where status = 'active' order by created_at desc nulls last, id desc nulls last limit 1`,
    ),
  );
  let writes = 0;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() =>
      db.execute(sql`update tractor_listings set hours = hours + 1 where id = ${newest.id}`).then(() => {
        writes += 1;
      }),
    );
  }, 1000 / perSecond);
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
      return writes;
    },
  };
}

/** Migrates and seeds a new database; answers the dealer whose session the requests carry. */
async function seedDatabase(database: Database, url: string, started: number) {
  await runMigrations(database);
  const [owner, dealer] = await database.db
    .insert(users)
    .values([
      { name: 'Bench Seller', email: 'bench-seller@example.com', companyName: 'Bench', status: 'approved' },
      { name: 'Bench Dealer', email: 'bench-dealer@example.com', companyName: 'Bench', status: 'approved' },
    ])
    .returning({ id: users.id });
  // Past a million listings (or with --copy) the rows are streamed with COPY into the tables without their
  // secondary indexes, built again after (bench/copy-seed.ts); below, one INSERT ... SELECT as the figures before.
  const copy = ROWS > 1_000_000 || process.argv.includes('--copy');
  if (copy) await copySeed(url, owner.id, ROWS, log);
  else await seed(database.db, owner.id);
  log(
    `seeded in ${((Date.now() - started) / 1000).toFixed(1)} s (listings and a primary image each, ${copy ? 'with COPY' : 'in SQL'})`,
  );
  log(`table state: ${await settleLikeAutovacuum(database.db)}`);
  return dealer;
}

/** The dealer of a database kept by --seed-only (its listing count must match --listings). */
async function reusedDealer(db: Database['db']) {
  const [dealer] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'bench-dealer@example.com'));
  if (!dealer) throw new Error('--reuse: not a database kept by --seed-only');
  log('reused a database kept by --seed-only: not seeded again');
  return dealer;
}

async function main() {
  await buildServer();
  const started = Date.now();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'fieldlot-bench-'));
  // --reuse <url>: a database an earlier --seed-only run kept (seeded, analyzed), measured again without seeding.
  const reuse = process.argv[process.argv.indexOf('--reuse') + 1];
  const { url, drop } = process.argv.includes('--reuse')
    ? { url: reuse, drop: async () => {} }
    : await createBenchDatabase();
  // No statement timeout: seeding a million listings takes minutes on a busy machine.
  const database = await openDatabase({ databaseUrl: url, poolSize: 4, statementTimeoutMs: 0 });
  let server: RunningServer | undefined;
  try {
    log(`FieldLot benchmark: ${ROWS.toLocaleString('en-US')} listings on PostgreSQL (${new URL(url).host})`);
    const dealer = process.argv.includes('--reuse')
      ? await reusedDealer(database.db)
      : await seedDatabase(database, url, started);
    if (process.argv.includes('--seed-only')) {
      log(`kept: ${url}`);
      return;
    }

    server = await startServer(url, tmp, 0);
    const token = await createSession(database.db, systemClock, dealer.id);
    // The cookies a dealer's browser sends: the anti-forgery cookie arrives with its first answer and goes with
    // every request after, so no request of a signed-in browser has the server make and set a new one.
    const names = cookieNames(true);
    const headers = {
      cookie: `${names.session}=${token}; ${names.csrf}=${randomBytes(32).toString('base64url')}`,
      'accept-encoding': 'br, gzip',
    };
    const get = async (p: string) => {
      const res = await fetch(`${server?.base}${p}`, { headers });
      if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<{
        total: number;
        totalCapped: boolean;
        nextCursor: string | null;
        items: unknown[];
      }>;
    };
    const deepCursor = async (sort: string) => {
      let cursor: string | null = null;
      for (let i = 0; i < 40; i++) {
        const page: { nextCursor: string | null } = await get(
          `/api/listings?sort=${sort}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        cursor = page.nextCursor;
      }
      return cursor as string;
    };
    const mix: Array<[string, string]> = [
      ['first page, no filter', ''],
      ['broad term "deere"', 'q=deere'],
      ['selective term "sn0012345"', 'q=sn0012345'],
      ['short term "de" (prefix)', 'q=de'],
      ['one letter "k" (prefix)', 'q=k'],
      ['brand only (Fendt)', 'brand=Fendt'],
      ['ranges', 'yearMin=2015&hoursMax=3000&priceMax=15000000&condition=Good,Excellent&state=Iowa'],
      ['text + year, price sort', 'q=loader&yearMin=2010&sort=price_asc'],
      ['deep page 41, newest', `cursor=${encodeURIComponent(await deepCursor('newest'))}`],
      [
        'deep page 41, price desc',
        `sort=price_desc&cursor=${encodeURIComponent(await deepCursor('price_desc'))}`,
      ],
    ];

    log();
    log(
      `Search, ${ITERATIONS} runs each, API (HTTP, signed-in dealer, br) and its SQL alternating; page cache off`,
    );
    log(
      `${'variant'.padEnd(28)} ${'count'.padStart(7)} ${'API p50'.padStart(10)} ${'API p95'.padStart(10)} ${'SQL p50'.padStart(10)} ${'SQL p95'.padStart(10)}  budget  ${`${CONNECTIONS} conn p50`.padStart(12)} ${`${CONNECTIONS} conn p95`.padStart(12)} ${'req/s'.padStart(7)}`,
    );
    for (const [name, qs] of mix) {
      const p = `/api/listings${qs ? `?${qs}` : ''}`;
      const first = await get(p);
      const parsed = dealerQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
      const { cursor: raw, sort, ...filters } = parsed;
      const cursor = raw ? decodeCursor(raw, sort) : undefined;
      const f = { ...filters, status: 'active' as const, firstLookAt: new Date() };
      // The same SQL the service runs (a first page with its capped count in one statement, and the brand list,
      // which the page cache keeps when it is on; decision 0048).
      const direct = () =>
        cursor
          ? repo.searchPage(database.db, f, sort, cursor, PAGE_SIZE)
          : Promise.all([
              repo.firstPageCounted(database.db, f, sort, PAGE_SIZE, INVENTORY_COUNT_CAP),
              repo.activeBrands(database.db, f.firstLookAt),
            ]);
      const [api, db] = await timeBoth(() => get(p), direct);
      // The issue's budgets: at 100k the API within 1.5 x its SQL + 2 ms and under 50 ms; at 1M under 50 ms.
      const ok = (ROWS >= 1_000_000 || api.p95 <= 1.5 * db.p95 + 2) && api.p95 < 50;
      const count = first.total < 0 ? '-' : `${first.total}${first.totalCapped ? '+' : ''}`;
      // Beside the single user's figures: the same request from CONNECTIONS connections at once (information).
      const busy = await runLoad(`${server.base}${p}`, headers, CONCURRENT_SECONDS);
      log(
        `${name.padEnd(28)} ${count.padStart(7)} ${ms(api.p50).padStart(10)} ${ms(api.p95).padStart(10)} ${ms(db.p50).padStart(10)} ${ms(db.p95).padStart(10)}  ${verdict(ok).padEnd(6)}  ${ms(busy.p50).padStart(12)} ${ms(busy.p95).padStart(12)} ${busy.rps.toFixed(0).padStart(7)}${busy.errors ? ` (${busy.errors} errors)` : ''}`,
      );
      budget(
        ROWS >= 1_000_000
          ? `search "${name}" p95 < 50 ms, count included (${ROWS.toLocaleString('en-US')})`
          : `search "${name}" p95 <= 1.5 x SQL p95 + 2 ms and < 50 ms (${ROWS.toLocaleString('en-US')})`,
        ROWS >= 1_000_000
          ? `${ms(api.p95)} (SQL ${ms(db.p95)}; 1.5 x SQL + 2 ms would be ${ms(1.5 * db.p95 + 2)})`
          : `${ms(api.p95)} (SQL ${ms(db.p95)}, limit ${ms(Math.min(1.5 * db.p95 + 2, 50))})`,
        ok,
      );
    }

    // For information, not a budget: a computed page (page cache off) against a bare server answering the same
    // bytes. A computed page is judged against node:http + pg doing the same database work (below), not against a
    // static buffer; the cached page is judged against the static buffer.
    const ratio = await throughput(server.base, headers, tmp, 'page cache off');
    log(
      `  (information) computed first page: ${ratio.figure} of a node:http server answering the same bytes`,
    );
    const base = server.base;
    const againstPg = async (which: PgBaseline) =>
      throughput(base, headers, tmp, 'page cache off', await startPgBaseline(url, which));
    // The budget's measure of a computed page: against node:http + pg running the three statements it names (page,
    // capped count, brand list; decision 0063) as the app ran them when it was set (decision 0065).
    const computed = await againstPg('as-set');
    budget(
      "first page computed (cache off) req/s >= 1.0 x node:http + pg running the budget's three statements as the app ran them",
      computed.figure,
      computed.median >= 1.0,
    );
    // Stricter, for information: the same three statements, each prepared (decision 0063).
    const prepared = await againstPg('prepared');
    log(
      `  (information) computed first page: ${prepared.figure} of node:http + pg running the budget's three statements, each prepared`,
    );
    // Stricter, for information: against node:http + pg running the app's own current statements, so the ratio is
    // the framework's cost alone (decisions 0053 and 0059).
    const sameWork = await againstPg('current');
    log(
      `  (information) computed first page: ${sameWork.figure} of node:http + pg running the app's current statements`,
    );
    await server.stop();
    const rss = Number(readFileSync(server.rssFile, 'utf8'));
    const logLines = readFileSync(server.logFile, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('{')).length;
    server = undefined;
    log();
    log(
      `server peak RSS (its own maxRSS): ${(rss / 1048576).toFixed(0)} MB; log lines written during the run: ${logLines}`,
    );
    budget(
      `server peak RSS <= 300 MB (${ROWS.toLocaleString('en-US')})`,
      `${(rss / 1048576).toFixed(0)} MB`,
      rss <= RSS_BUDGET,
    );

    // For information, not a budget: the same first page with the inventory cache as it ships (kept true by the
    // database's change notices, decision 0023), i.e. what a dealer opening the inventory gets.
    server = await startServer(url, tmp, null);
    await get('/api/listings');
    log();
    const cached = await throughput(
      server.base,
      headers,
      tmp,
      'inventory cache on, as shipped (information)',
    );
    log(`  (information) first page with the inventory cache on: ${cached.figure} of the node:http baseline`);
    // A busy market: the same, while listings are written at 1 and 10 a second from outside the server (as
    // another instance would; each write's notice empties the cache, decision 0048).
    for (const perSecond of [1, 10]) {
      const writer = await startWriter(database.db, perSecond);
      const busy = await throughput(
        server.base,
        headers,
        tmp,
        `inventory cache on, ${perSecond} listing write(s) a second`,
      );
      const writes = await writer.stop();
      log(`  with ${perSecond} write(s)/s (${writes} made): ${busy.figure} of the node:http baseline`);
      // The issue's budget is at 10 writes a second; 1 a second is for information.
      if (perSecond === 10)
        budget(
          'first page with the inventory cache, 10 listing writes/s, req/s >= 0.4 x same-size node:http',
          `${busy.figure}; ${writes} writes`,
          busy.median >= 0.4,
        );
    }
    await server.stop();
    server = undefined;

    log();
    log('Budgets');
    for (const r of results) log(`  ${verdict(r.ok).padEnd(5)} ${r.budget}: ${r.figure}`);
    const missed = results.filter((r) => !r.ok).length;
    log(missed ? `${missed} of ${results.length} budgets missed.` : `All ${results.length} budgets met.`);
    log(`(total run ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  } finally {
    await server?.stop().catch(() => {});
    await database.close();
    if (!process.argv.includes('--seed-only')) await drop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
