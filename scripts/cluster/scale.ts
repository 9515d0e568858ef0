// `npm run bench:scale` (docs/scale.md, decision 0090): the requests per second of the dealer's mix that 1, 2 or 4
// app instances on one PostgreSQL answer with p95 <= 200 ms. Starts the instances as the cluster test does
// (compiled server, NODE_ENV=production, its own database named like the tests'), the first with the demo data,
// signs in the demo dealers and DEALERS more (added to the bench's own database), holds one live-event stream
// (SSE) per dealer online, then sends the mix open-loop at rising rates, spread over the instances in turn (the
// proxy's round robin, without the proxy), and prints per rate: p95 per kind of request, errors, and the
// instances' CPU time per request. Prints figures only; never fails.
//   npx tsx scripts/cluster/scale.ts [--instances 1,2] [--rates 5,10,20,40] [--seconds 15] [--streams 100]
// Build first (`npm run build`). Everything is stopped and the database dropped at the end, also on failure.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../server/src/test/free-port.js';
import { AppInstance } from './instances.js';
import { createClusterDatabase, databaseUrl, dropClusterDatabase } from './postgres.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const INSTANCES = arg('instances', '1,2').split(',').map(Number);
const RATES = arg('rates', '5,10,20,40').split(',').map(Number);
const SECONDS = Number(arg('seconds', '15'));
const STREAMS = Number(arg('streams', '100'));
const DEALERS = 40;
const P95_BUDGET_MS = 200;

/**
 * The dealer's mix (docs/scale.md): per dealer online, per hour, 24 inventory searches, 12 tractor pages (rendered
 * on the server, signed in), 1 offer, and one live-event stream held all along.
 */
export const MIX = [
  { kind: 'inventory', perHour: 24 },
  { kind: 'tractor page', perHour: 12 },
  { kind: 'offer', perHour: 1 },
] as const;
type Kind = (typeof MIX)[number]['kind'];
const PER_HOUR = MIX.reduce((n, m) => n + m.perHour, 0);
/** The kind of request at a point of the hour's mix (0 to PER_HOUR). */
function kindAt(point: number): Kind {
  let left = point;
  for (const m of MIX) {
    left -= m.perHour;
    if (left < 0) return m.kind;
  }
  return 'inventory';
}

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

function request(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; ms: number; body: string; setCookie: string[] }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(url, { method: init.method ?? 'GET', headers: init.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          ms: performance.now() - started,
          body: Buffer.concat(chunks).toString(),
          setCookie: ([] as string[]).concat(res.headers['set-cookie'] ?? []),
        }),
      );
    });
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started, body: '', setCookie: [] }));
    req.end(init.body);
  });
}

/** A dealer's browser: its cookies (session, anti-forgery, time zone) and the anti-forgery token. */
async function signIn(base: string, email: string, password: string) {
  const jar = new Map<string, string>();
  const keep = (setCookie: string[]) => {
    for (const c of setCookie) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  keep((await request(`${base}/api/auth/session`)).setCookie);
  const csrf = [...jar].find(([n]) => n.endsWith('fieldlot_csrf'))?.[1] ?? '';
  const cookie = () => [...jar].map(([n, v]) => `${n}=${v}`).join('; ');
  const res = await request(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, origin: base, cookie: cookie() },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`${email}: sign-in answered ${res.status} ${res.body}`);
  keep(res.setCookie);
  jar.set('fieldlot_tz', encodeURIComponent('America/Chicago'));
  return { cookie: cookie(), csrf };
}

/** CPU time (user + system) of the processes so far, in ms. */
function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch {}
  }
  return ticks * 10;
}

async function measure(count: number) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'fieldlot-scale-'));
  const dbName = await createClusterDatabase();
  const instances: AppInstance[] = [];
  const streams: http.ClientRequest[] = [];
  try {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl(dbName),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'info',
      WORKERS: 'true',
    };
    const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
    for (const [i, port] of ports.entries()) {
      // The first seeds the demo data; the others start on it (one seeding, as in production).
      const instance = new AppInstance(
        String.fromCharCode(97 + i),
        port,
        {
          ...env,
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          DEMO: i === 0 ? 'true' : 'false',
          DATA_DIR: path.join(tmp, `data-${i}`),
        },
        tmp,
      );
      instance.start();
      await instance.waitReady(180_000);
      instances.push(instance);
    }
    const bases = instances.map((i) => i.url);
    // More dealers than the demo's two, so the offers stay under each dealer's hourly limit: copies of the demo
    // dealer (same password) in this bench's own database.
    const db = new pg.Client({ connectionString: databaseUrl(dbName) });
    db.on('error', (err) => console.error(`bench database connection: ${err.message}`));
    await db.connect();
    await db.query(
      `insert into users (name, email, company_name, status, password_hash, state)
       select 'Bench Dealer ' || g, 'bench' || g || '@fieldlot.example', 'Bench Tractors ' || g, 'approved',
              password_hash, state
       from users, generate_series(1, $1::int) g where email = 'dealer@fieldlot.example'`,
      [DEALERS],
    );
    const listingIds = (
      await db.query(`select id from tractor_listings where status = 'active' and price_cents > 0 limit 200`)
    ).rows.map((r: { id: string }) => r.id);
    await db.end();
    const dealers: Array<{ cookie: string; csrf: string }> = [];
    for (let i = 1; i <= DEALERS; i++)
      dealers.push(await signIn(bases[i % bases.length], `bench${i}@fieldlot.example`, 'Demo-Tractor#2025'));

    // One live-event stream per dealer online, held open on the instances in turn.
    for (let i = 0; i < STREAMS; i++) {
      const req = http.get(`${bases[i % bases.length]}/api/events`, {
        headers: { cookie: dealers[i % dealers.length].cookie, accept: 'text/event-stream' },
      });
      req.on('response', (res) => res.resume());
      req.on('error', () => undefined);
      streams.push(req);
    }
    await new Promise((r) => setTimeout(r, 2000));

    const pids = instances.map((i) => i.proc?.child.pid ?? 0);
    let n = 0;
    const one = async (kind: Kind) => {
      const i = n++;
      const base = bases[i % bases.length];
      const dealer = dealers[i % dealers.length];
      const listing = listingIds[i % listingIds.length];
      if (kind === 'inventory')
        return request(`${base}/api/listings?page=${1 + (i % 3)}`, {
          headers: { cookie: dealer.cookie, 'accept-encoding': 'br' },
        });
      if (kind === 'tractor page')
        return request(`${base}/tractor/${listing}`, {
          headers: { cookie: dealer.cookie, 'accept-encoding': 'br', accept: 'text/html' },
        });
      return request(`${base}/api/offers`, {
        method: 'POST',
        headers: {
          cookie: dealer.cookie,
          'x-csrf-token': dealer.csrf,
          origin: base,
          'content-type': 'application/json',
          'idempotency-key': randomBytes(12).toString('hex'),
        },
        body: JSON.stringify({ listingId: listing, offerType: 'offer', amount: String(20_000 + (i % 500)) }),
      });
    };
    const rows = [];
    for (const rate of RATES) {
      const before = loadavg();
      const cpuBefore = cpuMs(pids);
      const times = new Map<Kind, number[]>();
      const statuses = new Map<string, number>();
      const pending: Promise<void>[] = [];
      const total = rate * SECONDS;
      const started = performance.now();
      // Open loop: requests leave on time whatever the answers do (a user does not wait for another's page).
      for (let k = 0; k < total; k++) {
        const due = started + (k * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        // The mix's kinds in their proportions, spread evenly.
        const kind = kindAt(((k * 17) % PER_HOUR) + 0.5);
        pending.push(
          one(kind).then((r) => {
            const list = times.get(kind) ?? [];
            list.push(r.ms);
            times.set(kind, list);
            const key = `${kind} ${r.status}`;
            statuses.set(key, (statuses.get(key) ?? 0) + 1);
          }),
        );
      }
      await Promise.all(pending);
      const cpu = (cpuMs(pids) - cpuBefore) / total;
      const all = [...times.values()].flat().sort((a, b) => a - b);
      const p95 = (l: number[]) => [...l].sort((a, b) => a - b)[Math.floor(0.95 * (l.length - 1))] ?? 0;
      const errors = [...statuses].filter(([k]) => !/ (200|201|429)$/.test(k));
      const row = { rate, p95: p95(all), cpu, errors: errors.reduce((s, [, v]) => s + v, 0) };
      rows.push(row);
      console.log(
        `  ${count} instance(s), ${String(rate).padStart(4)} req/s: p95 ${p95(all).toFixed(0)} ms (${[
          ...times,
        ]
          .map(([k, l]) => `${k} ${p95(l).toFixed(0)} ms`)
          .join(
            ', ',
          )}), CPU ${cpu.toFixed(1)} ms/request, not answered 2xx/429: ${row.errors} ${errors.length ? JSON.stringify(Object.fromEntries(errors)) : ''} [${[
          ...statuses,
        ]
          .map(([k, v]) => `${k}: ${v}`)
          .join(', ')}], load ${before} -> ${loadavg()}`,
      );
      if (p95(all) > P95_BUDGET_MS * 10) break;
    }
    const best = rows.filter((r) => r.p95 <= P95_BUDGET_MS && r.errors === 0).at(-1);
    console.log(
      `=> ${count} instance(s): ${best ? `${best.rate} req/s of the mix at p95 <= ${P95_BUDGET_MS} ms` : `no rate tried met p95 <= ${P95_BUDGET_MS} ms`} with ${STREAMS} live-event streams held; load ${loadavg()}`,
    );
  } finally {
    for (const s of streams) s.destroy();
    await Promise.all(instances.map((i) => i.proc?.stop(5000)));
    await dropClusterDatabase(dbName).catch((err) => console.error(`drop ${dbName}: ${err.message}`));
    rmSync(tmp, { recursive: true, force: true });
  }
}

console.log(
  `Dealer's mix per dealer online per hour: ${MIX.map((m) => `${m.perHour} ${m.kind}`).join(', ')} (${PER_HOUR} requests, ${(PER_HOUR / 3600).toFixed(4)} req/s), 1 live-event stream held. ${os.cpus().length} cores, load ${loadavg()}`,
);
for (const count of INSTANCES) await measure(count);
agent.destroy();
