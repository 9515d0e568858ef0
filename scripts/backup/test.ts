// `npm run test:backup` (docs/decisions/0038-backups.md): a production server on the embedded database with the
// demo data, dealers writing (offers, watches, new listings with a picture) while `npm run backup` runs; the
// archive is restored into a fresh folder (after a restore over the running server is refused), a second server
// starts on it, and every write acknowledged before the backup began must be there, and its pictures served.
// Ends with one line; exit code 0 only when all hold. Stops what it started and removes its folder.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { DEMO_DEALERS, DEMO_PASSWORD } from '../../server/src/modules/demo/demo.data.js';
import { freePort } from '../../server/src/test/free-port.js';
import { type Managed, startProcess, waitFor } from '../cluster/processes.js';
import { serverArgs } from '../server-args.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DEADLINE_MS = Number(process.env.BACKUP_TEST_TIMEOUT_SECONDS ?? 170) * 1000;
/** Writes go on this long before the backup starts, and this long after it ended. */
const WRITES_BEFORE_MS = 3000;
const WRITES_AFTER_MS = 1000;

const started = Date.now();
/** Progress, printed only when the test fails (it prints one line when it passes). */
const progress: string[] = [];
const log = (line: string) => {
  const text = `[backup-test] ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s  ${line}`;
  if (process.env.BACKUP_TEST_VERBOSE) console.error(text);
  progress.push(text);
};

/** This environment without what would point a process at another database or storage. */
function env(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out = { ...process.env, ...extra };
  for (const key of ['DATABASE_URL', 'TEST_DATABASE_URL', 'S3_ENDPOINT', 'S3_BUCKET', 'BACKUP_DIR'])
    delete out[key];
  return out;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cleanups: Array<() => unknown> = [];
async function cleanup() {
  for (const run of cleanups.splice(0).reverse()) await Promise.resolve(run()).catch(() => {});
}

type Raw = { raw: Buffer; headers: Record<string, string> };
const isRaw = (body: unknown): body is Raw =>
  typeof body === 'object' && body !== null && Buffer.isBuffer((body as Raw).raw);

/** A signed-in visitor: keeps cookies, sends the anti-forgery header on writes. */
class Client {
  private readonly cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  /** `body`: JSON, or `{ raw, headers }` as it goes (a multipart upload). */
  async request(method: string, url: string, body?: unknown) {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = [...this.cookies].find(([k]) => k.toLowerCase().includes('csrf'))?.[1];
    if (method !== 'GET' && csrf) headers['x-csrf-token'] = csrf;
    let payload: string | Buffer | undefined;
    if (isRaw(body)) {
      payload = body.raw;
      Object.assign(headers, body.headers);
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(new URL(url, this.base), {
      method,
      headers,
      body: payload ? new Uint8Array(payload instanceof Buffer ? payload : Buffer.from(payload)) : undefined,
      signal: AbortSignal.timeout(20_000),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const type = res.headers.get('content-type') ?? '';
    const bytes = Buffer.from(await res.arrayBuffer());
    // biome-ignore lint/suspicious/noExplicitAny: answers of many routes, read by field
    const json: any = type.includes('json') ? JSON.parse(bytes.toString('utf8')) : null;
    return { status: res.status, type, bytes, json };
  }

  async signIn(email: string) {
    await this.request('GET', '/api/auth/session');
    const res = await this.request('POST', '/api/auth/sign-in', { email, password: DEMO_PASSWORD });
    if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}`);
  }
}

type Write =
  | { kind: 'offer'; dealer: string; id: string; ackAt: number }
  | { kind: 'watch'; dealer: string; listingId: string; ackAt: number }
  | { kind: 'listing'; dealer: string; id: string; ackAt: number }
  | { kind: 'picture'; dealer: string; listingId: string; id: string; ackAt: number };

function startServer(
  name: string,
  dataDir: string,
  port: number,
  secret: string,
  demo: boolean,
  logDir: string,
) {
  const proc = startProcess(name, process.execPath, serverArgs(), {
    cwd: ROOT,
    env: env({
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: secret,
      DATA_DIR: dataDir,
      DEMO: String(demo),
      LOG_LEVEL: 'warn',
    }),
    logFile: path.join(logDir, `${name}.log`),
  });
  cleanups.push(() => proc.stop(5000));
  return proc;
}

async function ready(name: string, proc: Managed, base: string, limitMs: number) {
  let exited = false;
  void proc.exited.then(() => {
    exited = true;
  });
  await waitFor(`${name} ready`, limitMs, async () => {
    if (exited) throw new Error('exited');
    return (await fetch(`${base}/api/health/ready`)).status === 200;
  }).catch((err) => {
    throw new Error(`${name} did not start (${(err as Error).message}):\n${proc.tail()}`);
  });
}

/** Runs a script of scripts/backup/ to its end; its exit code and last output lines. */
async function runScript(name: string, args: string[], logDir: string) {
  const lines: string[] = [];
  const proc = startProcess(
    name,
    process.execPath,
    ['--import', 'tsx', `scripts/backup/${name}.ts`, ...args],
    {
      cwd: ROOT,
      env: env({}),
      logFile: path.join(logDir, `${name}.log`),
      onLine: (line) => lines.push(line),
    },
  );
  cleanups.push(() => proc.stop(5000));
  const code = await proc.exited;
  return { code, output: lines.join('\n') };
}

/** A dealer's loop: an offer, a watch, and every third round a new listing with a picture. */
function startWriting(client: Client, dealer: string, listings: string[], photo: Buffer, writes: Write[]) {
  let stopped = false;
  let failures = 0;
  const loop = (async () => {
    for (let round = 0; !stopped; round += 1) {
      const listingId = listings[round % listings.length];
      try {
        const offer = await client.request('POST', '/api/offers', {
          listingId,
          offerType: 'offer',
          amount: 10_000 + round,
          message: `Backup test offer ${round}`,
        });
        if (offer.status === 201)
          writes.push({ kind: 'offer', dealer, id: offer.json.offer.id, ackAt: Date.now() });
        const watch = await client.request('PUT', `/api/watchlist/${listingId}`);
        if (watch.status === 200) writes.push({ kind: 'watch', dealer, listingId, ackAt: Date.now() });
        if (round % 3 === 0) {
          const made = await client.request('POST', '/api/listings', {
            make: 'Kubota',
            model: `M7-${round}`,
            year: 2020,
            location: 'Ames, IA',
            priceCents: 90_000_00,
          });
          if (made.status !== 201) throw new Error(`POST /api/listings answered ${made.status}`);
          const id = made.json.id as string;
          writes.push({ kind: 'listing', dealer, id, ackAt: Date.now() });
          const picture = await client.request('POST', `/api/my-listings/${id}/images`, multipart(photo));
          if (picture.status !== 201) throw new Error(`picture upload answered ${picture.status}`);
          writes.push({ kind: 'picture', dealer, listingId: id, id: picture.json.id, ackAt: Date.now() });
        }
      } catch {
        failures += 1;
      }
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return failures;
  };
}

function multipart(data: Buffer) {
  const boundary = `----fieldlot${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return {
    raw: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function main(): Promise<string> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'fieldlot-backup-'));
  cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));
  const logDir = path.join(tmp, 'logs');
  const [dataDir, restoredDir, backupsDir] = ['data', 'restored', 'backups'].map((d) => path.join(tmp, d));
  mkdirSync(logDir);
  const secret = randomBytes(32).toString('hex');

  const portA = await freePort();
  const baseA = `http://127.0.0.1:${portA}`;
  const a = startServer('server-a', dataDir, portA, secret, true, logDir);
  await ready('server a', a, baseA, 90_000);
  log(`server a ready on port ${portA}`);
  // The demo pictures are still being drawn: they are written during the backup too.

  const dealers = DEMO_DEALERS.filter((d) => d.status === 'approved').map((d) => d.email);
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a7d44' } })
    .jpeg()
    .toBuffer();
  const writes: Write[] = [];
  const stops: Array<() => Promise<number>> = [];
  for (const email of dealers) {
    const client = new Client(baseA);
    await client.signIn(email);
    const list = await client.request('GET', '/api/listings');
    const ids = (list.json.items as Array<{ id: string }>).map((i) => i.id);
    stops.push(startWriting(client, email, ids, photo, writes));
  }
  await sleep(WRITES_BEFORE_MS);

  const backupStartedAt = Date.now();
  const backup = await runScript('backup', ['--data-dir', dataDir, '--out', backupsDir], logDir);
  const backupMs = Date.now() - backupStartedAt;
  if (backup.code !== 0) throw new Error(`npm run backup failed:\n${backup.output}`);
  log(backup.output.split('\n').find((l) => l.startsWith('backup:')) ?? backup.output);
  const [archive] = readdirSync(backupsDir).filter((f) => /^fieldlot-\d{8}-\d{6}\.tar\.gz$/.test(f));
  if (!archive) throw new Error(`no fieldlot-YYYYMMDD-HHMMSS.tar.gz in ${backupsDir}`);
  const file = path.join(backupsDir, archive);

  // While server a runs, a restore into its folder is refused (and the writes go on meanwhile).
  const [refused] = await Promise.all([
    runScript('restore', [file, '--data-dir', dataDir, '--force'], logDir),
    sleep(WRITES_AFTER_MS),
  ]);
  const failures = (await Promise.all(stops.map((stop) => stop()))).reduce((x, y) => x + y, 0);
  if (refused.code === 0 || !refused.output.includes('is using'))
    throw new Error(`a restore over the running server was not refused:\n${refused.output}`);
  await a.stop(10_000);
  log('server a stopped');

  const before = writes.filter((w) => w.ackAt < backupStartedAt);
  const kinds = ['offer', 'watch', 'listing', 'picture'] as const;
  for (const kind of kinds)
    if (!before.some((w) => w.kind === kind))
      throw new Error(`no ${kind} was acknowledged before the backup`);
  log(`${writes.length} writes acknowledged (${before.length} before the backup began), ${failures} refused`);

  const restoreStarted = Date.now();
  const restore = await runScript('restore', [file, '--data-dir', restoredDir], logDir);
  const restoreMs = Date.now() - restoreStarted;
  if (restore.code !== 0) throw new Error(`npm run restore failed:\n${restore.output}`);
  log(restore.output.split('\n').find((l) => l.startsWith('restore:')) ?? restore.output);

  const portB = await freePort();
  const baseB = `http://127.0.0.1:${portB}`;
  const b = startServer('server-b', restoredDir, portB, secret, false, logDir);
  await ready('server b', b, baseB, 90_000);
  log(`server b ready on port ${portB}`);

  const missing: string[] = [];
  let imagesServed = 0;
  const served = async (client: Client, src: string) => {
    const res = await client.request('GET', src);
    if (res.status === 200 && res.type === 'image/webp' && res.bytes.length > 0) imagesServed += 1;
    else missing.push(`picture ${src} answered ${res.status}`);
  };
  for (const dealer of dealers) {
    const client = new Client(baseB);
    await client.signIn(dealer);
    const mine = before.filter((w) => w.dealer === dealer);
    const watched = new Set((await client.request('GET', '/api/watchlist/ids')).json.listingIds as string[]);
    for (const w of mine) {
      if (w.kind === 'offer') {
        const res = await client.request('GET', `/api/offers/${w.id}`);
        if (res.status !== 200) missing.push(`offer ${w.id} of ${dealer} (${res.status})`);
      } else if (w.kind === 'watch') {
        if (!watched.has(w.listingId)) missing.push(`watch of ${w.listingId} by ${dealer}`);
      } else {
        const id = w.kind === 'listing' ? w.id : w.listingId;
        const res = await client.request('GET', `/api/my-listings/${id}`);
        if (res.status !== 200) missing.push(`listing ${id} of ${dealer} (${res.status})`);
        else if (w.kind === 'picture') {
          const image = (res.json.images as Array<{ id: string; src: string }>).find((i) => i.id === w.id);
          if (image) await served(client, image.src);
          else missing.push(`picture ${w.id} of listing ${id}`);
        }
      }
    }
  }
  // The demo pictures too, as a dealer browsing sees them.
  const browsing = new Client(baseB);
  await browsing.signIn(dealers[0]);
  const cards = (await browsing.request('GET', '/api/listings')).json.items as Array<{
    image: { src: string } | null;
  }>;
  for (const card of cards) if (card.image) await served(browsing, card.image.src);
  await b.stop(10_000);

  const count = (kind: Write['kind']) => before.filter((w) => w.kind === kind).length;
  const summary =
    `${before.length} writes acknowledged before the backup began (offers ${count('offer')}, watches ` +
    `${count('watch')}, listings ${count('listing')}, pictures ${count('picture')}), ` +
    `${before.length - missing.filter((m) => !m.startsWith('picture ')).length} found after the restore; ` +
    `${imagesServed} pictures served; backup ${(backupMs / 1000).toFixed(1)} s during ${writes.length} writes, ` +
    `restore ${(restoreMs / 1000).toFixed(1)} s, restore over the running server refused`;
  if (missing.length)
    throw new Error(`missing after the restore: ${missing.slice(0, 10).join('; ')}\n${summary}`);
  return summary;
}

const deadline = setTimeout(async () => {
  console.log(`backup test: FAILED: still running after ${DEADLINE_MS / 1000} s`);
  await cleanup();
  process.exit(1);
}, DEADLINE_MS);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, async () => {
    await cleanup();
    process.exit(130);
  });

main()
  .then(async (summary) => {
    clearTimeout(deadline);
    await cleanup();
    console.log(`backup test: PASSED: ${summary}; ${((Date.now() - started) / 1000).toFixed(0)} s`);
    process.exit(0);
  })
  .catch(async (err) => {
    clearTimeout(deadline);
    await cleanup();
    for (const line of progress) console.error(line);
    console.log(`backup test: FAILED: ${(err as Error).message}`);
    process.exit(1);
  });
