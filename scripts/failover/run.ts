// `npm run test:failover -- --drills N` (docs/decisions/0088-automatic-failover-on-pg-auto-failover.md): two
// instances of the built server on a pg_auto_failover formation of its own (a monitor, a primary, a synchronous
// standby; scripts/ha), DATABASE_URL naming both nodes. Under a steady load of binding writes (dealers' offers,
// the admin's counters on them, the admin's payments on invoiced purchases), each sent with an Idempotency-Key
// and sent again with the same key when no answer came (or a 503), each drill takes the primary's machine away:
// its keeper and PostgreSQL killed with kill -9, or (every second drill) stopped with SIGSTOP as a machine cut
// off the network. pg_auto_failover promotes the standby; the old primary rejoins as the new standby (restarted,
// or SIGCONT) before the next drill. Printed: acknowledged writes lost, requests failed other than a 503, seconds
// from the kill until writes succeed again (median, worst), instances that crashed, double actions, the load
// average. Exit code 0 only when the first, second, fourth and fifth are 0 and every drill's writes came back.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_DEALERS, DEMO_PASSWORD } from '../../server/src/modules/demo/demo.data.js';
import { freePort } from '../../server/src/test/free-port.js';
import { buildServer } from '../build-server.mjs';
import { type Managed, startProcess, waitFor } from '../cluster/processes.js';
import { AutoFailoverFormation, type Keeper } from '../ha/auto-failover.js';
import { type Answer, ApiClient } from '../resilience/http-client.js';
import { compiledServerArgs } from '../server-args.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const DRILLS = Number(args[args.indexOf('--drills') + 1] || process.env.FAILOVER_DRILLS || 2);
/** The whole run stops (and fails) after this long: set-up, then about a minute and a half per drill at most. */
const DEADLINE_MS = Number(process.env.FAILOVER_TIMEOUT_SECONDS ?? 240 + DRILLS * 120) * 1000;
/** A drill whose writes are not back this long after the kill gives up (counted, the run fails). */
const GIVE_UP_MS = 90_000;
/** A request with no answer this long is sent again (same Idempotency-Key). */
const REQUEST_TIMEOUT_MS = 15_000;
const ADMIN = {
  email: 'failover-admin@fieldlot.example',
  password: `Drill-${randomBytes(12).toString('hex')}`,
};
const DEALERS = DEMO_DEALERS.filter((d) => d.status === 'approved').map((d) => ({
  email: d.email,
  password: DEMO_PASSWORD,
}));

const started = Date.now();
const log = (line: string) =>
  console.log(`[failover] ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s  ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const key = () => randomBytes(16).toString('hex');

const cleanups: Array<{ what: string; run: () => unknown }> = [];
let cleaning: Promise<void> | null = null;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const { what, run } of cleanups.reverse()) {
      try {
        await run();
      } catch (err) {
        console.error(`[failover] cleanup of ${what} failed: ${(err as Error).message}`);
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
  admin: ApiClient;
  dealers: ApiClient[];
}

/** What the load saw. */
const seen = {
  /** Answers other than 2xx and 503 (a 409 of a refused step, a 500...), with what was asked. */
  failed: [] as string[],
  unavailable: 0,
  noAnswer: 0,
  /** Requests sent again with the same key (no answer, or a 503). */
  retries: 0,
  /** Writes acknowledged, by kind. */
  acked: { offers: 0, counters: 0, payments: 0 },
  /** Time of the first acknowledged write sent after the kill (per drill), and what it was. */
  firstAckAfter: null as number | null,
  firstAckWhat: '',
  /** The same for each instance: writes are back when every instance acknowledges one again. */
  ackAfterBy: new Map<string, number>(),
};

/** Every acknowledged write, to be found on the last primary. */
const acked = {
  offers: [] as Array<{ id: string; marker: string }>,
  counters: [] as Array<{ offerId: string; cents: number }>,
  payments: [] as Array<{ purchaseId: string; reference: string; cents: number }>,
};

let drillSince: number | null = null;

/**
 * Sends a binding request until it gets an answer other than a 503 (or no answer): the same body and the same
 * Idempotency-Key every time, as the web app does. Returns that answer, or null when the run is stopping.
 */
async function binding(
  inst: Instance,
  client: ApiClient,
  what: string,
  method: string,
  url: string,
  body: unknown,
  stopped: () => boolean,
  /** A refusal (4xx) is expected and not counted: an offer on a listing this dealer may not offer on. */
  refusalExpected = false,
): Promise<Answer | null> {
  const k = key();
  const firstSent = Date.now();
  for (let attempt = 0; ; attempt++) {
    if (attempt > 0) seen.retries += 1;
    const sent = Date.now();
    const answer = await client
      .request(method, url, body, REQUEST_TIMEOUT_MS, { 'idempotency-key': k })
      .catch(() => null);
    if (answer && answer.status !== 503) {
      if (answer.status >= 200 && answer.status < 300) {
        // Writes succeed again: the first request sent after the kill (a new one or one sent again) acknowledged.
        if (drillSince !== null && sent >= drillSince) {
          if (seen.firstAckAfter === null) {
            seen.firstAckAfter = Date.now();
            seen.firstAckWhat = `${what} (${attempt + 1} attempts)`;
          }
          if (!seen.ackAfterBy.has(inst.name)) seen.ackAfterBy.set(inst.name, Date.now());
        }
      } else if (!(refusalExpected && answer.status < 500))
        seen.failed.push(
          `${what} answered ${answer.status} at attempt ${attempt + 1}, ${((Date.now() - firstSent) / 1000).toFixed(1)} s ` +
            `after the first${drillSince ? ` (during a drill)` : ''}: ${answer.body.slice(0, 200)}`,
        );
      return answer;
    }
    if (answer) seen.unavailable += 1;
    else seen.noAnswer += 1;
    if (stopped()) return null;
    await sleep(500);
  }
}

interface Target {
  listingId: string;
  priceCents: number;
}

/**
 * One dealer on one instance, through its share of the listings: three offers on each (the most the floor rules
 * count in a week), at 55% of the asking price and then 4% higher each (the step-up rule), each countered by the
 * admin; paced so the listings last the run. The offer rate limit (per hour) is reset by the harness.
 */
async function offerLoop(
  inst: Instance,
  dealer: ApiClient,
  targets: Target[],
  pauseMs: number,
  stopped: () => boolean,
) {
  for (const target of targets) {
    let cents = Math.round(target.priceCents * 0.55);
    let first = true;
    // At most three offers of one dealer on one tractor a week count (the floor rules, docs/product/offers.md).
    for (let n = 0; n < 3 && !stopped(); n++) {
      const marker = `Failover drill ${key()}`;
      const made = await binding(
        inst,
        dealer,
        `${inst.name} POST /api/offers`,
        'POST',
        '/api/offers',
        { listingId: target.listingId, offerType: 'offer', amount: cents / 100, message: marker },
        stopped,
        // The first offer finds out whether this dealer may offer on the listing at all (not its own...).
        first,
      );
      if (made?.status !== 201) break;
      first = false;
      const id = JSON.parse(made.body).offer.id as string;
      acked.offers.push({ id, marker });
      seen.acked.offers += 1;
      const counterCents = Math.min(target.priceCents, cents + 100_00);
      const countered = await binding(
        inst,
        inst.admin,
        `${inst.name} POST /api/admin/offers/:id/counter`,
        'POST',
        `/api/admin/offers/${id}/counter`,
        { amount: counterCents / 100, message: 'Drill counter' },
        stopped,
      );
      if (countered?.status === 200) {
        acked.counters.push({ offerId: id, cents: counterCents });
        seen.acked.counters += 1;
      }
      cents = Math.ceil((cents * 1.04) / 100) * 100;
      await sleep(pauseMs);
    }
    if (stopped()) return;
  }
}

/** The admin paying $10 at a time on one invoiced purchase, with the balance seen last (compare-and-set). */
async function paymentLoop(inst: Instance, purchaseId: string, stopped: () => boolean) {
  let balance = await balanceOf(inst.admin, purchaseId);
  while (!stopped() && balance !== null && balance > 10_00) {
    const reference = `DRILL-${key()}`;
    const paid = await binding(
      inst,
      inst.admin,
      `${inst.name} POST /api/admin/purchases/:id/payments`,
      'POST',
      `/api/admin/purchases/${purchaseId}/payments`,
      {
        amount: 10,
        method: 'wire',
        reference,
        paidOn: new Date().toISOString().slice(0, 10),
        expectedBalanceCents: balance,
      },
      stopped,
    );
    if (paid?.status === 200) {
      acked.payments.push({ purchaseId, reference, cents: 10_00 });
      seen.acked.payments += 1;
      balance = JSON.parse(paid.body).money.balanceCents as number;
    } else if (paid) balance = await balanceOf(inst.admin, purchaseId);
    await sleep(300);
  }
}

async function balanceOf(client: ApiClient, purchaseId: string): Promise<number | null> {
  for (let i = 0; i < 200; i++) {
    const r = await client.request('GET', '/api/admin/purchases?status=all').catch(() => null);
    if (r?.status === 200) {
      const items = JSON.parse(r.body).items as Array<{ id: string; money: { balanceCents: number } }>;
      return items.find((p) => p.id === purchaseId)?.money.balanceCents ?? null;
    }
    await sleep(500);
  }
  return null;
}

async function main(): Promise<number> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'fieldlot-failover-'));
  cleanups.push({ what: 'temporary folder', run: () => rmSync(tmp, { recursive: true, force: true }) });
  const logDir = path.join(tmp, 'logs');
  mkdirSync(logDir, { recursive: true });

  if (!existsSync(path.join(ROOT, 'web/dist/index.html'))) {
    log('building the web app (web/dist is missing)');
    const build = startProcess(
      'vite',
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
      { cwd: ROOT, env: process.env, logFile: path.join(logDir, 'build.log') },
    );
    if ((await build.exited) !== 0) throw new Error(`web build failed:\n${build.tail()}`);
  }
  // The instances run the compiled server, as the systemd unit does (decision 0048).
  await buildServer();

  const formation = new AutoFailoverFormation(path.join(tmp, 'ha'), {
    monitor: await freePort(),
    nodes: [await freePort(), await freePort()],
  });
  cleanups.push({ what: 'pg_auto_failover formation', run: () => formation.down([], 5000) });
  await formation.up();
  log(
    `pg_auto_failover: monitor on ${formation.monitor.port}, nodes on ${formation.nodes.map((n) => n.port)}`,
  );

  const secret = randomBytes(32).toString('hex');
  const instances: Instance[] = [];
  for (const name of ['a', 'b']) {
    const port = await freePort();
    const dataDir = path.join(tmp, `app-${name}`);
    mkdirSync(dataDir, { recursive: true });
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: formation.databaseUrl,
      SESSION_SECRET: secret,
      DATA_DIR: dataDir,
      // One instance seeds the demo dealers (and their purchases); both run the workers.
      DEMO: name === 'a' ? 'true' : 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      WORKERS: 'true',
      LOG_LEVEL: 'info',
    };
    const proc = startProcess(`app-${name}`, process.execPath, compiledServerArgs(), {
      cwd: ROOT,
      env,
      logFile: path.join(logDir, `app-${name}.log`),
    });
    const inst: Instance = {
      name,
      port,
      proc,
      exitedAt: null,
      admin: new ApiClient(`http://127.0.0.1:${port}`),
      dealers: DEALERS.map(() => new ApiClient(`http://127.0.0.1:${port}`)),
    };
    void proc.exited.then(() => {
      inst.exitedAt = Date.now();
    });
    cleanups.push({ what: `instance ${name}`, run: () => proc.stop(5000) });
    instances.push(inst);
    // Instance a migrates and seeds before b starts (one migration at a time is the lock's job; quicker this way).
    await waitFor(`instance ${name} ready`, 180_000, async () => {
      if (inst.exitedAt) throw new Error(`instance ${name} exited:\n${proc.tail()}`);
      return (await inst.admin.request('GET', '/api/health/ready', undefined, 3000)).status === 200;
    }).catch((err) => {
      throw inst.exitedAt ? new Error(`instance ${name} exited at start:\n${proc.tail()}`) : err;
    });
  }
  log(`instances ready on ports ${instances.map((i) => i.port).join(', ')}`);

  // Sign in once on a (one database: the sessions work on b as well).
  const [a, b] = instances;
  const signIn = async (client: ApiClient, who: { email: string; password: string }) => {
    await client.request('GET', '/api/auth/session');
    const r = await client.request('POST', '/api/auth/sign-in', who);
    if (r.status !== 200) throw new Error(`sign-in of ${who.email} answered ${r.status}: ${r.body}`);
  };
  await signIn(a.admin, ADMIN);
  b.admin.copyCookiesFrom(a.admin);
  for (const [i, dealer] of DEALERS.entries()) {
    await signIn(a.dealers[i], dealer);
    b.dealers[i].copyCookiesFrom(a.dealers[i]);
  }

  // Targets: priced listings on sale, shared out between the dealers and instances (a dealer on both instances
  // is one buyer: each loop has listings of its own).
  const items: Target[] = [];
  for (let cursor: string | null = null, page = 0; page < 20; page++) {
    const r = await a.admin.request(
      'GET',
      `/api/listings${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    if (r.status !== 200) throw new Error(`GET /api/listings answered ${r.status}`);
    const body = JSON.parse(r.body) as {
      items: Array<{ id: string; priceCents?: number | null }>;
      nextCursor: string | null;
    };
    for (const x of body.items)
      if (x.priceCents && x.priceCents >= 20_000_00)
        items.push({ listingId: x.id, priceCents: x.priceCents });
    cursor = body.nextCursor;
    if (!cursor) break;
  }
  // Each dealer offers on every listing, on one instance or the other.
  const offerLoops = instances.flatMap((inst, j) =>
    inst.dealers.map((dealer, d) => ({ inst, dealer, targets: items.filter((_, i) => (i + d) % 2 === j) })),
  );
  // Three offers per listing and dealer, spread over the drills' expected length (about 45 s each).
  const offerPauseMs = Math.max(
    400,
    Math.round(
      ((30 + DRILLS * 45) * 1000 * offerLoops.length) / Math.max(1, items.length * DEALERS.length * 3),
    ),
  );

  // Purchases awaiting their invoice: the buyer chooses collection, then the admin pays on them.
  const purchaseIds: string[] = [];
  for (const dealer of a.dealers) {
    const mine = await dealer.request('GET', '/api/purchases');
    if (mine.status !== 200) continue;
    const rows = JSON.parse(mine.body).items as Array<{ id: string; actions: string[] }>;
    for (const p of rows) {
      if (!p.actions?.includes('choose_fulfilment')) continue;
      const chosen = await dealer.request(
        'POST',
        `/api/purchases/${p.id}/fulfilment`,
        { fulfilment: 'collect' },
        15_000,
        {
          'idempotency-key': key(),
        },
      );
      // One payment loop per purchase (two would refuse each other's expected balance).
      if (chosen.status === 200 && !purchaseIds.includes(p.id)) purchaseIds.push(p.id);
    }
  }
  log(
    `${DEALERS.length} dealers and the admin signed in; ${offerLoops.length} offer loops on ${items.length} listings, ` +
      `${purchaseIds.length} invoiced purchases to pay on`,
  );

  let stopped = false;
  const isStopped = () => stopped;
  // The offer rate (30 an hour per buyer) is a guard against abuse, not what is drilled: reset it meanwhile.
  const rateReset = (async () => {
    while (!stopped) {
      const primary = await formation.primary().catch(() => null);
      if (primary)
        await formation
          .query(formation.nodeUrl(primary), "delete from rate_limits where key like 'offer:%'")
          .catch(() => {});
      await sleep(5000);
    }
  })();
  const loops = [
    ...offerLoops.map((l) => offerLoop(l.inst, l.dealer, l.targets, offerPauseMs, isStopped)),
    ...purchaseIds.map((id, i) => paymentLoop(instances[i % 2], id, isStopped)),
    rateReset,
  ];
  cleanups.push({
    what: 'load',
    run: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  });
  await sleep(3000);
  if (Object.values(seen.acked).reduce((x, y) => x + y, 0) === 0)
    throw new Error(`no write acknowledged before the first drill: ${seen.failed.slice(0, 3).join('; ')}`);

  const backAfter: number[] = [];
  const failures: string[] = [];
  for (let drill = 1; drill <= DRILLS; drill++) {
    const how = drill % 2 === 1 ? 'kill -9' : 'SIGSTOP';
    const primary = await formation.primary();
    if (!primary) throw new Error('no primary before the drill');
    const before = { ...seen.acked };
    const unavailableBefore = seen.unavailable;
    seen.firstAckAfter = null;
    seen.ackAfterBy.clear();
    // The machine: the primary's keeper, its PostgreSQL and every backend (stopped first, so none starts meanwhile).
    const pids = formation.machineProcesses(primary);
    if (pids.length === 0) throw new Error(`no running PostgreSQL found for ${primary.name}`);
    const killedAt = Date.now();
    drillSince = killedAt;
    formation.signalAll(pids, 'SIGSTOP');
    if (how === 'kill -9') formation.signalAll(pids, 'SIGKILL');
    // Writes are back when every instance acknowledges a write sent after the kill.
    await waitFor('writes back', GIVE_UP_MS, () => instances.every((i) => seen.ackAfterBy.has(i.name))).catch(
      () => {},
    );
    drillSince = null;
    const unavailable = seen.unavailable - unavailableBefore;
    const each = instances.map((i) => {
      const at = seen.ackAfterBy.get(i.name);
      return at === undefined ? null : at - killedAt;
    });
    const ms = each.some((x) => x === null) ? null : Math.max(...(each as number[]));
    if (ms === null) failures.push(`drill ${drill} (${how}): writes not back within ${GIVE_UP_MS / 1000} s`);
    else backAfter.push(ms);
    const newPrimary = await formation.primary().catch(() => null);
    const monitor = await formation.failoverTimes(killedAt, primary, newPrimary).catch(() => null);
    // The old primary comes back as the new standby: restarted after kill -9, resumed after SIGSTOP.
    if (how === 'kill -9') formation.restartNode(primary);
    else formation.signalAll(pids, 'SIGCONT');
    await formation.waitHealthy(120_000);
    const done = Object.entries(seen.acked)
      .map(([k, v]) => `${v - before[k as keyof typeof before]} ${k}`)
      .join(', ');
    const sec = (x: number | null | undefined) => (x == null ? '?' : (x / 1000).toFixed(1));
    log(
      `drill ${drill}/${DRILLS} (${how} ${primary.name}): writes back after ` +
        `${ms === null ? `more than ${GIVE_UP_MS / 1000}` : sec(ms)} s on ${newPrimary?.name} ` +
        `(${instances.map((inst, i) => `${inst.name} ${sec(each[i])} s`).join(', ')}; first: ${seen.firstAckWhat}); ` +
        `monitor: ${primary.name} unhealthy after ${sec(monitor?.unhealthyMs)} s, ${newPrimary?.name} ` +
        `writable after ${sec(monitor?.promotedMs)} s; ${unavailable} 503s; ` +
        `${primary.name} rejoined as standby; meanwhile ${done} acknowledged; load average ${os
          .loadavg()
          .map((x) => x.toFixed(2))
          .join(' ')}`,
    );
    await sleep(3000);
  }
  stopped = true;
  await Promise.all(loops);

  // Every acknowledged write is on the last primary, read there directly; no retried request acted twice.
  const primary = (await formation.primary()) as Keeper;
  const url = formation.nodeUrl(primary);
  const offerRows = await formation.query<{ id: string; message: string }>(
    url,
    "select id::text, message from tractor_offers where message like 'Failover drill %'",
  );
  const offerIds = new Set(offerRows.map((r) => r.id));
  const byMarker = new Map<string, number>();
  for (const r of offerRows) byMarker.set(r.message, (byMarker.get(r.message) ?? 0) + 1);
  const counterRows = await formation.query<{ id: string; cents: string }>(
    url,
    'select id::text, counter_offer_amount_cents::text as cents from tractor_offers where counter_offer_amount_cents is not null',
  );
  const counters = new Map(counterRows.map((r) => [r.id, Number(r.cents)]));
  const paymentRows = await formation.query<{ reference: string; n: string }>(
    url,
    "select reference, count(*)::text as n from purchase_ledger_entries where reference like 'DRILL-%' group by reference",
  );
  const payments = new Map(paymentRows.map((r) => [r.reference, Number(r.n)]));
  const lost = [
    ...acked.offers.filter((o) => !offerIds.has(o.id)).map((o) => `offer ${o.id}`),
    ...acked.counters
      .filter((c) => counters.get(c.offerId) !== c.cents)
      .map((c) => `counter on ${c.offerId}`),
    ...acked.payments.filter((p) => !payments.has(p.reference)).map((p) => `payment ${p.reference}`),
  ];
  // Payments recorded that no answer acknowledged (a first attempt whose answer was lost and never replayed).
  const ackedRefs = new Set(acked.payments.map((p) => p.reference));
  const unanswered = [...payments.keys()].filter((r) => !ackedRefs.has(r));
  if (unanswered.length)
    log(
      `payments recorded but never acknowledged: ${unanswered.length} (${unanswered.slice(0, 3).join(', ')})`,
    );
  const doubles = [
    ...[...byMarker].filter(([, n]) => n > 1).map(([m]) => `offer "${m}"`),
    ...[...payments].filter(([, n]) => n > 1).map(([r]) => `payment ${r}`),
  ];
  const crashed = instances.filter((i) => i.exitedAt !== null);
  for (const inst of crashed) failures.push(`instance ${inst.name} exited:\n${inst.proc.tail()}`);
  if (lost.length) failures.push(`acknowledged writes lost: ${lost.slice(0, 5).join(', ')}`);
  if (doubles.length) failures.push(`double actions: ${doubles.slice(0, 5).join(', ')}`);
  if (seen.failed.length) failures.push(...seen.failed.slice(0, 5));
  for (const f of failures) console.error(`[failover] FAILED: ${f}`);

  const sorted = [...backAfter].sort((x, y) => x - y);
  const median = sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null;
  const worst = sorted.at(-1) ?? null;
  const s = (ms: number | null) => (ms === null ? 'n/a' : `${(ms / 1000).toFixed(1)} s`);
  const total = acked.offers.length + acked.counters.length + acked.payments.length;
  const ok = failures.length === 0;
  console.log(
    `failover: ${ok ? 'PASSED' : 'FAILED'}: ${DRILLS} drills (kill -9 and SIGSTOP of the primary's machine): ` +
      `${lost.length} of ${total} acknowledged writes lost (${acked.offers.length} offers, ` +
      `${acked.counters.length} counters, ${acked.payments.length} payments); ${seen.failed.length} requests ` +
      `failed other than a 503 (${seen.unavailable} 503s, ${seen.noAnswer} without an answer, ${seen.retries} ` +
      `sent again with their key); writes back after the kill: median ${s(median)}, worst ${s(worst)} ` +
      `(${sorted.map((x) => (x / 1000).toFixed(1)).join(', ')}); ${crashed.length} of ${instances.length} ` +
      `instances crashed; ${doubles.length} double actions; load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
  );
  if (!ok) for (const inst of instances) log(`last lines of instance ${inst.name}:\n${inst.proc.tail()}`);
  return ok ? 0 : 1;
}

const deadline = setTimeout(async () => {
  console.error(`[failover] FAILED: still running after ${DEADLINE_MS / 1000} s`);
  console.log('failover: FAILED: timed out');
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
    console.error(`[failover] FAILED: ${(err as Error).stack ?? err}`);
    console.log('failover: FAILED: could not run (see above)');
    await cleanup();
    process.exit(1);
  });
