// `npm run test:cluster` (decision 0015): FieldLot as a company runs it. Its own PostgreSQL database, s3rver, an SMTP
// sink, two app instances in production mode, nginx with deploy/nginx/fieldlot.conf and a self-signed certificate,
// then the browser journeys through https (e2e/cluster), one instance killed mid-journey and restarted. Ends with
// one summary line; exit code 0 only with every journey passed, 0 failures and 0 lost writes.
// Everything listens on loopback; every process and the database are removed at the end, also on failure.
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { findChromium } from '../../e2e/support/chromium.js';
import { freePort } from '../../server/src/test/free-port.js';
import { buildServer } from '../build-server.mjs';
import { httpsRequest } from './https-client.js';
import { AppInstance } from './instances.js';
import { startMailSink } from './mail-sink.js';
import { findNginx, selfSignedCertificate, testNginxConfig, writeNginxConfig } from './nginx.js';
import { createClusterDatabase, databaseUrl, dropClusterDatabase } from './postgres.js';
import { type Managed, startProcess, waitFor } from './processes.js';
import { findLostWrites, readAckedWrites } from './writes.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TIMEOUT_MS = Number(process.env.CLUSTER_TIMEOUT_SECONDS ?? 480) * 1000;
export const CLUSTER_ADMIN = { email: 'cluster-admin@fieldlot.example', password: 'Harvest-Gold#2024x' };

const cleanups: Array<{ what: string; run: () => unknown }> = [];
let cleaning: Promise<void> | null = null;
const log = (line: string) => console.log(`[cluster] ${line}`);

/** Undoes everything started so far, newest first; safe to call more than once. */
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const { what, run } of cleanups.reverse()) {
      try {
        await run();
      } catch (err) {
        console.error(`[cluster] cleanup of ${what} failed: ${(err as Error).message}`);
      }
    }
  })();
  return cleaning;
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function main(): Promise<number> {
  const nginx = findNginx();
  if (!nginx)
    throw new Error('nginx not found (NGINX or /usr/sbin/nginx): apt-get install nginx-light or nginx');
  const chromium = findChromium();
  if (!chromium) throw new Error('Chromium not found (CHROME_PATH or /usr/bin/chromium)');
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'fieldlot-cluster-'));
  // nginx's workers (nobody when started as root) read the static files and the certificate folder.
  chmodSync(tmp, 0o755);
  const logDir = path.join(tmp, 'logs');
  mkdirSync(logDir, { recursive: true });
  let keepTmp = false;
  cleanups.push({
    what: 'temporary folder',
    run: () => !keepTmp && rmSync(tmp, { recursive: true, force: true }),
  });
  log(`working folder ${tmp}`);
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

  const dbName = await createClusterDatabase();
  cleanups.push({ what: `database ${dbName}`, run: () => dropClusterDatabase(dbName) });
  const dbUrl = databaseUrl(dbName);
  log(`database ${dbName}`);

  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(tmp, 's3'),
    configureBuckets: [{ name: 'fieldlot-images', configs: [] }],
  });
  const { port: s3Port } = (await s3.run()) as { port: number };
  cleanups.push({ what: 's3rver', run: () => s3.close() });
  const mail = await startMailSink(path.join(tmp, 'mail'));
  cleanups.push({ what: 'SMTP sink', run: () => mail.close() });

  const certDir = path.join(tmp, 'tls');
  mkdirSync(certDir);
  const { cert, key } = selfSignedCertificate(certDir);
  const ca = readFileSync(cert, 'utf8');
  const [httpsPort, httpPort, portA, portB, controlPort] = await Promise.all(
    Array.from({ length: 5 }, () => freePort()),
  );
  const publicUrl = `https://localhost:${httpsPort}`;

  // The hashed assets nginx serves itself, precompressed by the script operators run.
  const staticRoot = path.join(tmp, 'web');
  cpSync(path.join(ROOT, 'web/dist'), staticRoot, { recursive: true });
  const pre = startProcess('precompress', process.execPath, ['deploy/precompress.mjs', staticRoot], {
    cwd: ROOT,
    env: process.env,
    logFile: path.join(logDir, 'precompress.log'),
  });
  if ((await pre.exited) !== 0) throw new Error(`deploy/precompress.mjs failed:\n${pre.tail()}`);

  const appEnv: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl,
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: 'true',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
    MAIL_FROM: 'FieldLot <no-reply@fieldlot.example>',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_BUCKET: 'fieldlot-images',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    ADMIN_EMAIL: CLUSTER_ADMIN.email,
    ADMIN_PASSWORD: CLUSTER_ADMIN.password,
    // Every request line (debug): the harness counts requests and live streams per instance from them.
    LOG_LEVEL: 'debug',
    WORKERS: 'true',
    SHUTDOWN_DELAY_SECONDS: '2',
  };
  const instances = [
    new AppInstance('a', portA, { ...appEnv, DATA_DIR: path.join(tmp, 'data-a') }, logDir),
    new AppInstance('b', portB, { ...appEnv, DATA_DIR: path.join(tmp, 'data-b') }, logDir),
  ];
  cleanups.push({
    what: 'app instances',
    run: () => Promise.all(instances.map((i) => (i.proc ? i.proc.stop(3000) : undefined))),
  });
  // Both at once: migrations and the first admin must survive two instances starting together.
  for (const i of instances) i.start();
  await Promise.all(instances.map((i) => i.waitReady()));
  log(`instances a (:${portA}) and b (:${portB}) ready`);

  const nginxDir = path.join(tmp, 'nginx');
  const conf = writeNginxConfig(nginxDir, {
    upstreams: instances.map((i) => `127.0.0.1:${i.state.port}`),
    httpPort,
    httpsPort,
    cert,
    key,
    staticRoot,
    logDir,
  });
  testNginxConfig(nginx, nginxDir, conf);
  const proxy = startProcess('nginx', nginx, ['-p', nginxDir, '-c', conf, '-g', 'daemon off;'], {
    cwd: nginxDir,
    env: process.env,
    logFile: path.join(logDir, 'nginx.out'),
  });
  cleanups.push({ what: 'nginx', run: () => proxy.stop(3000) });
  await waitFor('nginx answering on https', 15_000, async () => {
    if (proxy.child.exitCode !== null) throw new Error(`nginx exited:\n${proxy.tail()}`);
    return (await httpsRequest(`${publicUrl}/api/health/ready`, { ca })).status === 200;
  });
  log(`nginx on ${publicUrl} (http :${httpPort})`);

  const control = startControl(instances, controlPort);
  cleanups.push({ what: 'control server', run: () => new Promise((r) => control.close(r)) });

  const writesFile = path.join(tmp, 'writes.jsonl');
  const resultsFile = path.join(tmp, 'results.json');
  const context = {
    baseUrl: publicUrl,
    dataDir: tmp,
    chromium,
    cluster: {
      controlUrl: `http://127.0.0.1:${controlPort}`,
      writesFile,
      databaseUrl: dbUrl,
      caFile: cert,
      httpPort,
      admin: CLUSTER_ADMIN,
      instances: instances.map((i) => ({ name: i.state.name, url: i.url })),
    },
  };
  const vitest: Managed = startProcess(
    'vitest',
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--config',
      'e2e/cluster/vitest.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${resultsFile}`,
    ],
    {
      cwd: ROOT,
      env: { ...process.env, FIELDLOT_CLUSTER: JSON.stringify(context), FORCE_COLOR: '0' },
      logFile: path.join(logDir, 'vitest.log'),
      onLine: (line) => console.log(line),
    },
  );
  cleanups.push({ what: 'vitest', run: () => vitest.stop(2000) });
  const vitestCode = await vitest.exited;

  // The verdict: journeys, every request through the proxy, and every acknowledged write in the database.
  const results = existsSync(resultsFile)
    ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as {
        numPassedTests: number;
        numFailedTests: number;
        numTotalTests: number;
      })
    : { numPassedTests: 0, numFailedTests: 1, numTotalTests: 1 };
  const access = readAccessLog(path.join(logDir, 'access.log'));
  const writes = readAckedWrites(writesFile);
  const lost = await findLostWrites(dbUrl, writes);
  // The checker itself must be able to say "lost": a write that never happened.
  const phantom = await findLostWrites(dbUrl, [
    {
      method: 'POST',
      path: '/api/offers',
      status: 201,
      request: null,
      response: { offer: { id: randomUUID() } },
      at: Date.now(),
    },
  ]);
  if (phantom.length !== 1) throw new Error('The lost-write check does not notice a missing write');
  for (const l of lost) console.error(`[cluster] lost write: ${l}`);
  for (const l of access.serverErrors) console.error(`[cluster] proxy answered ${l}`);
  const mailStats = mail.stats();
  // Failed journeys, answers >= 500 from the proxy, and a vitest run that failed without failing a journey.
  const runFailed = vitestCode !== 0 && results.numFailedTests === 0 ? 1 : 0;
  const failures = results.numFailedTests + access.serverErrors.length + runFailed;
  log(
    `requests by upstream: ${Object.entries(access.byUpstream)
      .map(([u, n]) => `${u} ${n}`)
      .join(
        ', ',
      )}; retried on the other instance by the proxy: ${access.retried}; e-mails received ${mailStats.received} (sent twice: ${mailStats.duplicates})`,
  );
  const ok = failures === 0 && lost.length === 0 && writes.length > 0 && results.numPassedTests > 0;
  console.log(
    `cluster summary: journeys passed ${results.numPassedTests}/${results.numTotalTests}, requests ${access.requests}, failures ${failures}, writes lost ${lost.length} (of ${writes.length} acknowledged)`,
  );
  if (!ok) {
    keepTmp = true;
    log(`logs kept in ${logDir}`);
  }
  return ok ? 0 : 1;
}

/** Requests through the proxy, from its access log (deploy/nginx/fieldlot.conf's `fieldlot` format). */
function readAccessLog(file: string) {
  const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
  const serverErrors: string[] = [];
  const byUpstream: Record<string, number> = {};
  let retried = 0;
  for (const line of lines) {
    const m = /^\S+ \[[^\]]+\] "([^"]*)" (\d{3}) .*? upstream=(.*?) ustatus=/.exec(line);
    if (!m) continue;
    if (Number(m[2]) >= 500) serverErrors.push(`${m[2]} to "${m[1]}"`);
    if (m[3].includes(',')) retried += 1;
    const last = m[3].split(',').pop()!.trim();
    const name = last === '-' ? 'nginx itself (static assets)' : last;
    byUpstream[name] = (byUpstream[name] ?? 0) + 1;
  }
  return { requests: lines.length, serverErrors, byUpstream, retried };
}

/**
 * What the journeys ask of the orchestrator (loopback HTTP): the instances' state, killing the one that holds the
 * newest live-event stream, restarting, a graceful stop.
 */
function startControl(instances: AppInstance[], port: number): http.Server {
  const byName = (name: string | null) => instances.find((i) => i.state.name === name);
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://control');
    try {
      if (url.pathname === '/state')
        return json(
          res,
          200,
          instances.map((i) => i.state),
        );
      if (url.pathname === '/kill-stream-holder') {
        // The instance that accepted the newest /api/events after `since`: the browser tab just opened there.
        const since = Number(url.searchParams.get('since') ?? 0);
        const newest = (i: AppInstance) => Math.max(0, ...i.state.eventStreams);
        await waitFor('a live-event stream after the mark', 15_000, () =>
          instances.some((i) => i.state.up && newest(i) > since),
        );
        const target = instances.filter((i) => i.state.up).sort((x, y) => newest(y) - newest(x))[0];
        target.kill();
        await target.proc?.exited;
        log(`SIGKILL instance ${target.state.name}`);
        return json(res, 200, { killed: target.state.name, at: Date.now() });
      }
      const instance = byName(url.searchParams.get('name'));
      if (!instance) return json(res, 404, { error: 'unknown instance' });
      if (url.pathname === '/restart') {
        instance.start();
        await instance.waitReady();
        log(`instance ${instance.state.name} restarted`);
        return json(res, 200, instance.state);
      }
      if (url.pathname === '/term') {
        instance.proc?.signal('SIGTERM');
        log(`SIGTERM instance ${instance.state.name}`);
        return json(res, 200, { ok: true });
      }
      if (url.pathname === '/wait-exit') {
        const code = await instance.proc?.exited;
        instance.state.up = false;
        return json(res, 200, { code });
      }
      return json(res, 404, { error: 'unknown command' });
    } catch (err) {
      return json(res, 500, { error: (err as Error).message });
    }
  });
  server.listen(port, '127.0.0.1');
  return server;
}

let exitCode = 1;
const timer = setTimeout(() => {
  console.error(`[cluster] timed out after ${TIMEOUT_MS / 1000} s; cleaning up`);
  void cleanup().then(() => process.exit(1));
}, TIMEOUT_MS);
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    console.error(`[cluster] ${sig}: cleaning up`);
    void cleanup().then(() => process.exit(130));
  });
}
try {
  exitCode = await main();
} catch (err) {
  console.error(`[cluster] ${(err as Error).stack ?? err}`);
  console.log('cluster summary: journeys passed 0, requests 0, failures 1, writes lost 0 (set-up failed)');
} finally {
  clearTimeout(timer);
  await cleanup();
}
process.exit(exitCode);
