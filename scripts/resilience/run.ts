// `npm run test:resilience` (docs/decisions/0031-database-outages.md, 0036-failover-to-a-standby.md): two server
// instances on a PostgreSQL primary of their own with a synchronous streaming standby, DATABASE_URL naming both
// (target_session_attrs=read-write). Under a load of dealers writing draft listings, the primary is restarted
// (-m fast, then -m immediate), then the standby is promoted and the old primary stopped. No instance may exit,
// every API answer must be a success or a 503 with the JSON error body and Retry-After (no other 5xx), readiness
// must be back within 5 s of the database, live streams must be told to resync, and every acknowledged write must
// be on the new primary. Ends with one summary line; exit code 0 only when all hold. Everything started here
// (both PostgreSQL, the instances, the temporary folder) is removed at the end, also on failure and Ctrl-C.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEMO_DEALERS, DEMO_PASSWORD } from '../../server/src/modules/demo/demo.data.js';
import { freePort } from '../../server/src/test/free-port.js';
import { type Managed, startProcess, waitFor } from '../cluster/processes.js';
import { serverArgs } from '../server-args.mjs';
import { type Answer, ApiClient } from './http-client.js';
import { DatabaseErrorsWatch, METRICS_ENV } from './metrics.js';
import { ScratchPostgres } from './postgres.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The whole run stops (and fails) after this long. */
const DEADLINE_MS = Number(process.env.RESILIENCE_TIMEOUT_SECONDS ?? 170) * 1000;
/** How soon after the database is back every instance must be ready again. */
const READY_WITHIN_MS = 5000;
/** Between promoting the standby and stopping the old primary: commits there wait for a standby that left. */
const SPLIT_MS = 1000;
/** The approved demo dealers (instance a seeds the demo data); each writes on both instances. */
const DEALERS = DEMO_DEALERS.filter((d) => d.status === 'approved').map((d) => ({
  email: d.email,
  password: DEMO_PASSWORD,
}));

const started = Date.now();
const log = (line: string) =>
  console.log(`[resilience] ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s  ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const cleanups: Array<{ what: string; run: () => unknown }> = [];
let cleaning: Promise<void> | null = null;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const { what, run } of cleanups.reverse()) {
      try {
        await run();
      } catch (err) {
        console.error(`[resilience] cleanup of ${what} failed: ${(err as Error).message}`);
      }
    }
  })();
  return cleaning;
}

interface Instance {
  name: string;
  port: number;
  proc: Managed;
  exitedAt: number | null;
  /** Readiness and liveness; signed in as the first dealer. */
  client: ApiClient;
  /** One signed-in client per dealer (the sessions are shared by both instances: one database). */
  dealers: ApiClient[];
}

/** Ids of the draft listings whose creation was acknowledged (201): every one must be on the new primary. */
const acknowledged: string[] = [];

/** What the probes saw, over the whole run and in the current window. */
const seen = {
  answers: 0,
  unavailable: 0,
  /** 5xx other than 503. */
  other5xx: [] as string[],
  /** A 503 to an API request without the JSON body and Retry-After. */
  bad503: [] as string[],
  /** Liveness not 200, an unexpected status, or no answer at all (the process hung or went away). */
  problems: [] as string[],
  slowestMs: 0,
  window: { apiUnavailable: 0, readyUnavailable: 0 },
};

function record(what: string, answer: Answer | Error, kind: 'api' | 'ready' | 'live') {
  if (answer instanceof Error) {
    seen.problems.push(`${what}: ${answer.message}`);
    return;
  }
  seen.answers += 1;
  seen.slowestMs = Math.max(seen.slowestMs, answer.ms);
  const { status } = answer;
  if (kind === 'live') {
    if (status !== 200) seen.problems.push(`${what} answered ${status}`);
    return;
  }
  if (status === 503) {
    seen.unavailable += 1;
    if (kind === 'ready') {
      seen.window.readyUnavailable += 1;
      return;
    }
    seen.window.apiUnavailable += 1;
    let code: unknown;
    try {
      code = JSON.parse(answer.body).error?.code;
    } catch {}
    if (code !== 'DATABASE_UNAVAILABLE' || !answer.headers['retry-after'])
      seen.bad503.push(
        `${what}: ${answer.body.slice(0, 120)} (retry-after ${answer.headers['retry-after']})`,
      );
    return;
  }
  if (status >= 500) seen.other5xx.push(`${what} answered ${status}: ${answer.body.slice(0, 200)}`);
  else if (status >= 300) seen.problems.push(`${what} answered ${status}: ${answer.body.slice(0, 200)}`);
}

/**
 * Keeps every instance busy, about 4 rounds a second: readiness, liveness, an inventory read, and each dealer
 * creating a draft listing (a write whose acknowledgement is checked on the new primary at the end).
 */
function startProbes(instances: Instance[]): () => Promise<void> {
  let stopped = false;
  let n = 0;
  const loops = instances.map(async (inst) => {
    while (!stopped) {
      const c = inst.client;
      const [ready, live, list, ...writes] = await Promise.all([
        c.request('GET', '/api/health/ready').catch((e: Error) => e),
        c.request('GET', '/api/health/live').catch((e: Error) => e),
        c.request('GET', '/api/listings').catch((e: Error) => e),
        ...inst.dealers.map((d) =>
          d
            .request('POST', '/api/listings', {
              make: 'John Deere',
              model: `Resilience ${inst.name}-${++n}`,
              year: 2015,
              location: 'Ames, IA',
            })
            .catch((e: Error) => e),
        ),
      ]);
      record(`${inst.name} GET /api/health/ready`, ready, 'ready');
      record(`${inst.name} GET /api/health/live`, live, 'live');
      record(`${inst.name} GET /api/listings`, list, 'api');
      for (const w of writes) {
        record(`${inst.name} POST /api/listings`, w, 'api');
        if (!(w instanceof Error) && w.status === 201) acknowledged.push(JSON.parse(w.body).id);
      }
      await sleep(250);
    }
  });
  return async () => {
    stopped = true;
    await Promise.all(loops);
  };
}

/** Waits until the primary has its standby streaming as the synchronous one (commits wait for it). */
async function waitForSyncStandby(primary: ScratchPostgres) {
  await waitFor('synchronous standby', 30_000, async () => {
    const client = new pg.Client({ connectionString: primary.url, connectionTimeoutMillis: 2000 });
    client.on('error', () => {});
    try {
      await client.connect();
      const { rows } = await client.query("select 1 from pg_stat_replication where sync_state = 'sync'");
      return rows.length > 0;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  });
}

/** Which of `ids` are missing on `server` (the new primary), read there directly. */
async function missingOn(server: ScratchPostgres, ids: string[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: server.url, connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      'select id::text from tractor_listings where id::text = any($1::text[])',
      [ids],
    );
    const found = new Set(rows.map((r) => r.id));
    return ids.filter((id) => !found.has(id));
  } finally {
    await client.end().catch(() => {});
  }
}

/** Milliseconds until every instance answers readiness 200 (polled every 100 ms), or null past `limitMs`. */
async function msUntilReady(instances: Instance[], limitMs: number): Promise<number | null> {
  const started = Date.now();
  const pending = new Set(instances);
  while (pending.size) {
    // An instance that exited will not be ready again: no use waiting.
    if ([...pending].some((i) => i.exitedAt !== null)) return null;
    for (const inst of [...pending]) {
      const answer = await inst.client.request('GET', '/api/health/ready', undefined, 3000).catch(() => null);
      if (answer?.status === 200) pending.delete(inst);
    }
    if (!pending.size) break;
    if (Date.now() - started > limitMs) return null;
    await sleep(100);
  }
  return Date.now() - started;
}

async function main(): Promise<number> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'fieldlot-resilience-'));
  cleanups.push({ what: 'temporary folder', run: () => rmSync(tmp, { recursive: true, force: true }) });
  const logDir = path.join(tmp, 'logs');
  mkdirSync(logDir, { recursive: true });

  const primary = new ScratchPostgres(path.join(tmp, 'primary'), await freePort());
  const standby = new ScratchPostgres(path.join(tmp, 'standby'), await freePort());
  primary.init();
  cleanups.push({ what: 'PostgreSQL primary', run: () => primary.stopNow() });
  await primary.ctl('start');
  standby.initStandbyOf(primary);
  cleanups.push({ what: 'PostgreSQL standby', run: () => standby.stopNow() });
  await standby.ctl('start');
  await waitForSyncStandby(primary);
  log(`PostgreSQL primary on port ${primary.port}, synchronous standby on ${standby.port}`);
  // Both hosts, as libpq writes them: connections go to the one that accepts writes.
  const databaseUrl =
    `postgres://postgres@127.0.0.1:${primary.port},127.0.0.1:${standby.port}/postgres` +
    '?target_session_attrs=read-write';

  const secret = randomBytes(32).toString('hex');
  const instances: Instance[] = [];
  for (const name of ['a', 'b']) {
    const port = await freePort();
    const dataDir = path.join(tmp, `app-${name}`);
    mkdirSync(dataDir, { recursive: true });
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: secret,
      DATA_DIR: dataDir,
      // One instance seeds the demo dealers; both run the workers (the sweep every second, to meet the outages).
      DEMO: name === 'a' ? 'true' : 'false',
      WORKERS: 'true',
      OFFER_EXPIRY_SWEEP_SECONDS: '1',
      LOG_LEVEL: 'info',
      ...METRICS_ENV,
    };
    delete env.TEST_DATABASE_URL;
    const inst = { name, port, exitedAt: null } as Instance;
    const proc = startProcess(`app-${name}`, process.execPath, serverArgs(), {
      cwd: ROOT,
      env,
      logFile: path.join(logDir, `app-${name}.log`),
    });
    const dealers = DEALERS.map(() => new ApiClient(`http://127.0.0.1:${port}`));
    Object.assign(inst, { proc, client: dealers[0], dealers });
    void proc.exited.then(() => {
      inst.exitedAt = Date.now();
    });
    cleanups.push({ what: `instance ${name}`, run: () => proc.stop(5000) });
    instances.push(inst);
  }
  for (const inst of instances) {
    await waitFor(`instance ${inst.name} ready`, 120_000, async () => {
      if (inst.exitedAt) throw new Error(`instance ${inst.name} exited:\n${inst.proc.tail()}`);
      return (await inst.client.request('GET', '/api/health/ready', undefined, 3000)).status === 200;
    }).catch((err) => {
      throw inst.exitedAt ? new Error(`instance ${inst.name} exited at start:\n${inst.proc.tail()}`) : err;
    });
  }
  log(`instances ready on ports ${instances.map((i) => i.port).join(', ')}`);
  // Instance a may still be drawing the demo pictures (writes in flight during the outages: all the better).

  // The dealers sign in on instance a (the same sessions work on b: one database); the first makes an offer.
  const [a, b] = instances;
  for (const [i, dealer] of DEALERS.entries()) {
    await a.dealers[i].request('GET', '/api/auth/session');
    const signIn = await a.dealers[i].request('POST', '/api/auth/sign-in', dealer);
    if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${signIn.body}`);
    b.dealers[i].copyCookiesFrom(a.dealers[i]);
  }
  const list = await b.client.request('GET', '/api/listings');
  if (list.status !== 200) throw new Error(`GET /api/listings answered ${list.status}: ${list.body}`);
  const items = JSON.parse(list.body).items as Array<{ id: string; priceCents?: number | null }>;
  let offerId: string | null = null;
  for (const item of items) {
    const amount = item.priceCents ? Math.round((item.priceCents * 0.9) / 100) : 10_000;
    const made = await a.client.request('POST', '/api/offers', {
      listingId: item.id,
      offerType: 'offer',
      amount,
      message: 'Resilience test offer',
    });
    if (made.status === 201) {
      offerId = JSON.parse(made.body).offer.id;
      break;
    }
  }
  if (!offerId) throw new Error(`no listing took an offer (${items.length} listed)`);
  log(`${DEALERS.length} dealers signed in, ${items.length} listings, offer ${offerId} made`);

  // A live stream on instance b: every reconnection of its listener must tell it to resync.
  let resyncs = 0;
  const closeStream = b.client.stream('/api/events', (name) => {
    if (name === 'resync') resyncs += 1;
  });
  cleanups.push({ what: 'event stream', run: closeStream });
  await sleep(500);

  const stopProbes = startProbes(instances);
  cleanups.push({ what: 'probes', run: stopProbes });
  await sleep(1500);

  // Each event ends when the database is back (pg_ctl returned); readiness is timed from there. `mustSeeOutage`:
  // some API request must have got the 503 meanwhile (the failover is too quick for readiness to be sure to).
  const events: Array<{ name: string; run: () => Promise<void>; mustSeeOutage: boolean }> = [
    {
      name: 'restart -m fast',
      run: () => primary.ctl('restart', '-m', 'fast'),
      mustSeeOutage: false,
    },
    {
      name: 'restart -m immediate',
      run: () => primary.ctl('restart', '-m', 'immediate'),
      mustSeeOutage: false,
    },
    {
      // The standby is promoted while the old primary still runs (its commits wait for the standby that left),
      // then the old primary stops: the instances must find the new primary by themselves.
      name: 'failover',
      run: async () => {
        await standby.ctl('promote');
        await sleep(SPLIT_MS);
        await primary.ctl('stop', '-m', 'immediate');
      },
      mustSeeOutage: true,
    },
  ];
  const readyAfter: Array<{ name: string; ms: number | null }> = [];
  const writesBefore: number[] = [];
  let resynced = 0;
  const failures: string[] = [];
  const errorsWatch = await DatabaseErrorsWatch.start(a.client.baseUrl);
  for (const event of events) {
    seen.window = { apiUnavailable: 0, readyUnavailable: 0 };
    const resyncsBefore = resyncs;
    writesBefore.push(acknowledged.length);
    log(`database: ${event.name} (${acknowledged.length} writes acknowledged so far)`);
    await event.run();
    const ms = await msUntilReady(instances, 30_000);
    readyAfter.push({ name: event.name, ms });
    log(
      `  back; instances ready after ${ms === null ? 'more than 30 s' : `${(ms / 1000).toFixed(1)} s`} ` +
        `(meanwhile ${seen.window.apiUnavailable} API and ${seen.window.readyUnavailable} readiness 503s)`,
    );
    if (ms === null || ms > READY_WITHIN_MS) failures.push(`not ready within 5 s after ${event.name}`);
    if (event.mustSeeOutage && seen.window.apiUnavailable === 0)
      failures.push(`no 503 seen during the ${event.name}`);
    await waitFor('resync', 5000, () => resyncs > resyncsBefore)
      .then(() => {
        resynced += 1;
      })
      .catch(() => failures.push(`the live stream was not told to resync after ${event.name}`));
    // The next event needs the standby back as the synchronous one (the restarted primary's commits wait for it).
    if (event.name !== 'failover') await waitForSyncStandby(primary);
    await sleep(1500);
  }
  const databaseErrors = await errorsWatch.finish();
  failures.push(...databaseErrors.failures);
  await stopProbes();
  const afterFailover = acknowledged.length - (writesBefore.at(-1) ?? 0);
  if (afterFailover === 0) failures.push('no write was acknowledged after the failover');

  // Every acknowledged write is on the new primary (the old one is stopped: nothing else could answer).
  const lost = await missingOn(standby, acknowledged);
  if (lost.length)
    failures.push(
      `${lost.length} acknowledged writes missing on the new primary: ${lost.slice(0, 5).join(', ')}`,
    );

  // After everything: the offer acknowledged before the outages is there, and both instances serve again.
  const alive = instances.find((i) => i.exitedAt === null);
  const offer = alive ? await alive.client.request('GET', `/api/offers/${offerId}`).catch(() => null) : null;
  const kept = offer?.status === 200 && JSON.parse(offer.body).offer?.id === offerId;
  if (!kept)
    failures.push(
      `the offer made before the outages was not found (${offer?.status}: ${offer?.body.slice(0, 200)})`,
    );
  for (const inst of instances) {
    const again = await inst.client.request('GET', '/api/listings').catch((e: Error) => e);
    if (again instanceof Error || again.status !== 200)
      failures.push(`instance ${inst.name} does not serve GET /api/listings after the outages`);
  }
  const crashed = instances.filter((i) => i.exitedAt !== null);
  for (const inst of crashed) failures.push(`instance ${inst.name} exited:\n${inst.proc.tail()}`);
  failures.push(...seen.other5xx.slice(0, 5), ...seen.bad503.slice(0, 5), ...seen.problems.slice(0, 5));

  for (const f of failures) console.error(`[resilience] FAILED: ${f}`);
  const readyText = readyAfter
    .map((r) => `${r.name} ${r.ms === null ? '>30' : (r.ms / 1000).toFixed(1)} s`)
    .join(', ');
  const ok =
    failures.length === 0 &&
    crashed.length === 0 &&
    seen.other5xx.length === 0 &&
    lost.length === 0 &&
    seen.bad503.length === 0 &&
    seen.problems.length === 0;
  console.log(
    `resilience: ${ok ? 'PASSED' : 'FAILED'}: ${crashed.length} of ${instances.length} instances crashed, ` +
      `${lost.length} of ${acknowledged.length} acknowledged writes lost (${afterFailover} after the failover), ` +
      `${seen.other5xx.length} 5xx other than 503, ${seen.unavailable} 503s (${seen.bad503.length} without JSON + ` +
      `Retry-After), ${seen.problems.length} other problems, ${seen.answers} answers (slowest ` +
      `${(seen.slowestMs / 1000).toFixed(1)} s); ready after: ${readyText}; live streams resynced ` +
      `${resynced} of ${events.length}; offer kept: ${kept ? 'yes' : 'no'}; ` +
      databaseErrors.text,
  );
  if (!ok) for (const inst of instances) log(`last lines of instance ${inst.name}:\n${inst.proc.tail()}`);
  return ok ? 0 : 1;
}

const deadline = setTimeout(async () => {
  console.error(`[resilience] FAILED: still running after ${DEADLINE_MS / 1000} s`);
  console.log('resilience: FAILED: timed out');
  await cleanup();
  process.exit(1);
}, DEADLINE_MS);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, async () => {
    await cleanup();
    process.exit(130);
  });

main()
  .then(async (code) => {
    clearTimeout(deadline);
    await cleanup();
    process.exit(code);
  })
  .catch(async (err) => {
    clearTimeout(deadline);
    console.error(`[resilience] FAILED: ${(err as Error).stack ?? err}`);
    console.log('resilience: FAILED: could not run (see above)');
    await cleanup();
    process.exit(1);
  });
