// Signed-in pages rendered on the server under concurrent load (decisions 0058 and 0090). Starts the compiled
// server of a built checkout (`npm run build` first) as `npm start` runs it (NODE_ENV=production, default log
// level) on a fresh PostgreSQL database with the demo data, signs the demo dealers in, then for each level of
// concurrency keeps that many signed-in page loads in flight (each a dealer's browser opening a screen: session,
// time zone cookie, Accept-Encoding br) for a while and prints, per level:
//  - signed-in pages per second (rendered ones);
//  - time to first byte, p50 / p95 / worst (the server sends a rendered page whole, so first byte is the page);
//  - how many got the bare shell (`<div id="root"></div>`: not rendered in time, left to the phone; budget 0),
//    and the budget p95 <= 1.5 s at 32 loads;
//  - the server's CPU time per page (for docs/scale.md) and the machine's load average before and after.
// Prints figures only; never fails on a budget.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:render [-- options]
//   --root DIR      the checkout whose build is run (default: this one); a second worktree of main measures
//                   "before" with this same bench
//   --levels LIST   concurrent loads (default 1,8,32,64)
//   --seconds S     seconds per level (default 10), after a short warm-up
//   --pages LIST    the screens loaded, in turn (default /, the dealer's inventory)
// The database is created on the given PostgreSQL server and dropped afterwards; without a URL it is PGlite in a
// temporary folder (its database work then runs on the server's own thread, so renders cannot overlap it).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pg from 'pg';
import { compiledServerArgs } from './server-args.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const root = path.resolve(arg('root', path.resolve(import.meta.dirname, '..')));
const levels = arg('levels', '1,8,32,64').split(',').map(Number);
const seconds = Number(arg('seconds', 10));
const pages = arg('pages', '/').split(',');
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
/** The demo dealers a DEMO=true start seeds (server/src/modules/demo/demo.data.ts). */
const DEALERS = ['dealer@fieldlot.example', 'dealer2@fieldlot.example'];
const PASSWORD = 'Demo-Tractor#2025';
/** The budget (issue's words): 32 concurrent signed-in page loads, p95 time to first byte <= 1.5 s on 2 cores. */
const P95_BUDGET_MS = 1500;
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

if (!existsSync(path.join(root, 'server/dist/server.js')) || !existsSync(path.join(root, 'web/dist-ssr'))) {
  console.error(`${root} has no build: run \`npm run build\` there first.`);
  process.exit(1);
}
const commit = await new Promise((resolve) => {
  const git = spawn('git', ['rev-parse', '--short', 'HEAD'], { cwd: root });
  let out = '';
  git.stdout.on('data', (b) => {
    out += b;
  });
  git.on('close', () => resolve(out.trim()));
});

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'fieldlot-bench-render-'));
const dbName = `fieldlot_bench_render_${randomBytes(4).toString('hex')}`;
let dbUrl;
if (pgUrl) {
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const u = new URL(pgUrl);
  u.pathname = `/${dbName}`;
  dbUrl = u.toString();
}

const port = await new Promise((resolve) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const base = `http://127.0.0.1:${port}`;
console.log(
  `Signed-in page loads, ${root} at ${commit}, ${pgUrl ? 'PostgreSQL' : 'PGlite'}, ${os.cpus().length} cores; pages: ${pages.join(', ')}`,
);
const server = spawn(process.execPath, compiledServerArgs(), {
  cwd: root,
  env: {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: path.join(tmp, 'data'),
    DEMO: 'true',
    ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let out = '';
let running = false;
let imagesReady = false;
server.stdout.on('data', (b) => {
  out = (out + b).slice(-20_000);
  running ||= out.includes('is running at');
  imagesReady ||= out.includes('Demo listing images ready');
});
server.stderr.on('data', (b) => {
  out = (out + b).slice(-20_000);
});

try {
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`server exited:\n${out}`);
    const ready = await fetch(`${base}/api/health/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready && running) break;
    if (i > 1800) throw new Error('server did not start in 3 minutes');
    await new Promise((r) => setTimeout(r, 100));
  }
  // Demo pictures are drawn after start-up, on this machine's cores: measured once they are done.
  for (let i = 0; !imagesReady && i < 1800; i++) await new Promise((r) => setTimeout(r, 100));
  const cookies = [];
  for (const email of DEALERS) cookies.push(await signIn(email));
  // Warm-up: each screen once per dealer (the renderer loads its lazy parts on the first).
  for (const cookie of cookies) for (const page of pages) await load(page, cookie);

  console.log(
    '\nconcurrent  pages/s   TTFB p50   TTFB p95   worst      bare shell  errors  server CPU/page  load before -> after',
  );
  const rows = [];
  for (const level of levels) {
    await runLevel(level, 2, cookies); // a short warm-up at this level, not counted
    const before = loadavg();
    const cpuBefore = serverCpuMs();
    const r = await runLevel(level, seconds, cookies);
    const cpu = (serverCpuMs() - cpuBefore) / Math.max(1, r.loads + r.shells + r.errors);
    rows.push({ level, ...r });
    console.log(
      `${String(level).padStart(10)}  ${r.rate.toFixed(1).padStart(7)}  ${ms(r.p50)}  ${ms(r.p95)}  ${ms(r.worst)}  ${String(r.shells).padStart(10)}  ${String(r.errors).padStart(6)}  ${`${cpu.toFixed(0)} ms`.padStart(15)}  ${before} -> ${loadavg()}`,
    );
  }
  const at32 = rows.find((r) => r.level === 32);
  console.log('\nBudgets');
  const shells = rows.reduce((n, r) => n + r.shells, 0);
  console.log(`  ${shells === 0 ? 'pass' : 'MISS'}  bare shells, all levels: ${shells} (budget 0)`);
  if (at32)
    console.log(
      `  ${at32.p95 <= P95_BUDGET_MS ? 'pass' : 'MISS'}  p95 time to first byte at 32 loads: ${(at32.p95 / 1000).toFixed(2)} s (budget 1.5 s on 2 cores)`,
    );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
  rmSync(tmp, { recursive: true, force: true });
  if (pgUrl) {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

function ms(v) {
  return `${(v / 1000).toFixed(2)} s`.padStart(9);
}

/** The server process's CPU time so far (user + system), in ms, from /proc. */
function serverCpuMs() {
  try {
    const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of the line (11 and 12 after the name), in clock ticks (100 a second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** A dealer's session as a browser holds it after signing in, with its time zone cookie (decision 0058). */
async function signIn(email) {
  const jar = new Map();
  const keep = (res) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  keep(await fetch(`${base}/api/auth/session`));
  const csrf = [...jar].find(([name]) => name.endsWith('fieldlot_csrf'))?.[1] ?? '';
  const res = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrf-token': csrf,
      origin: base,
      cookie: [...jar].map(([n, v]) => `${n}=${v}`).join('; '),
    },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`${email} sign-in answered ${res.status}: ${await res.text()}`);
  keep(res);
  jar.set('fieldlot_tz', encodeURIComponent('America/Chicago'));
  return [...jar].map(([n, v]) => `${n}=${v}`).join('; ');
}

/** One page load as a browser makes it: time to first byte, and whether it came rendered or as the bare shell. */
function load(page, cookie) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.get(
      `${base}${page}`,
      { agent, headers: { cookie, 'accept-encoding': 'br, gzip', accept: 'text/html' } },
      (res) => {
        let ttfb = 0;
        const chunks = [];
        res.once('data', () => {
          ttfb = performance.now() - started;
        });
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode !== 200) return resolve({ error: true });
          const raw = Buffer.concat(chunks);
          const enc = res.headers['content-encoding'];
          const html = String(
            enc === 'br' ? brotliDecompressSync(raw) : enc === 'gzip' ? gunzipSync(raw) : raw,
          );
          const rendered = html.includes('<div id="root" data-prerendered>');
          if (!rendered && !html.includes('<div id="root"></div>')) return resolve({ error: true });
          resolve({ ttfb, shell: !rendered });
        });
      },
    );
    req.on('error', () => resolve({ error: true }));
  });
}

/** `level` loads in flight for `secs` seconds, the dealers and screens in turn. */
async function runLevel(level, secs, cookies) {
  const until = performance.now() + secs * 1000;
  const ttfbs = [];
  let shells = 0;
  let errors = 0;
  let n = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: level }, async (_, worker) => {
      while (performance.now() < until) {
        const i = n++;
        const r = await load(pages[i % pages.length], cookies[(worker + i) % cookies.length]);
        if (r.error) errors += 1;
        else {
          // A bare shell is a load too (the slowest kind: it waited out the render): it counts in the times.
          ttfbs.push(r.ttfb);
          if (r.shell) shells += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  ttfbs.sort((a, b) => a - b);
  const at = (p) => ttfbs[Math.min(ttfbs.length - 1, Math.floor(p * ttfbs.length))] ?? 0;
  return {
    loads: ttfbs.length - shells,
    rate: (ttfbs.length - shells) / elapsed,
    p50: at(0.5),
    p95: at(0.95),
    worst: ttfbs.at(-1) ?? 0,
    shells,
    errors,
  };
}
