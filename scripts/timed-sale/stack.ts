// What the Timed Sale's bench (`npm run bench:sale`) and fault test (`npm run test:sale-faults`) share
// (docs/product/timed-sale.md#how-we-know): a PostgreSQL of their own (Debian's binaries, a free port, thrown away
// at the end, so the shared server's databases are never touched), two app instances on it reading one clock
// file (TEST_CLOCK_FILE, so a close can be brought forward), and fast seeding straight into the database.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { cookieNames } from '../../domain/session-cookies.js';
import { type Database, openDatabase } from '../../server/src/db/client.js';
import { listings, timedSaleLots, timedSales, users } from '../../server/src/db/schema.js';
import type { Clock } from '../../server/src/lib/clock.js';
import { createSession } from '../../server/src/lib/sessions.js';
import { freePort } from '../../server/src/test/free-port.js';
import { type Managed, startProcess, waitFor } from '../cluster/processes.js';
import { ScratchPostgres } from '../resilience/postgres.js';
import { serverArgs } from '../server-args.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const COOKIES = cookieNames(false);

export interface Instance {
  name: string;
  port: number;
  baseUrl: string;
  proc: Managed;
  exitedAt: number | null;
  agent: http.Agent;
}

export interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** A signed-in dealer: a session made in the database, and the anti-forgery pair (cookie and header) of its own. */
export interface Dealer {
  id: string;
  cookie: string;
  csrf: string;
}

export class SaleStack {
  readonly instances: Instance[] = [];
  readonly pg: ScratchPostgres;
  readonly clockFile: string;
  private offsetMs = 0;
  private readonly secret = randomBytes(32).toString('hex');
  private db!: Database;
  private readonly cleanups: Array<() => unknown> = [];

  private constructor(
    readonly tmp: string,
    port: number,
    readonly log: (line: string) => void,
  ) {
    this.pg = new ScratchPostgres(path.join(tmp, 'postgres'), port);
    this.clockFile = path.join(tmp, 'clock-offset-ms');
    writeFileSync(this.clockFile, '0');
  }

  /** PostgreSQL, then the instances (the first migrates the database), then a connection for seeding and checks. */
  static async start(
    label: string,
    names: string[],
    log: (line: string) => void,
    registry: SaleStack[],
  ): Promise<SaleStack> {
    const tmp = mkdtempSync(path.join(os.tmpdir(), `fieldlot-${label}-`));
    const stack = new SaleStack(tmp, await freePort(), log);
    // Registered first: whatever fails from here on, the cleanup stops what was started.
    registry.push(stack);
    stack.cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));
    mkdirSync(path.join(tmp, 'logs'), { recursive: true });
    stack.pg.init({ synchronousStandby: false });
    stack.cleanups.push(() => stack.pg.stopNow());
    await stack.pg.ctl('start');
    log(`PostgreSQL of its own on port ${stack.pg.port}`);
    for (const name of names) await stack.startInstance(name);
    stack.db = await openDatabase({ databaseUrl: stack.pg.url, poolSize: 4 });
    stack.cleanups.push(() => stack.db.close());
    log(`instances ${names.join(', ')} ready on ports ${stack.instances.map((i) => i.port).join(', ')}`);
    return stack;
  }

  get database(): Database {
    return this.db;
  }

  /** The app's time (real time plus the clock file's offset): what the instances read. */
  readonly clock: Clock = { now: () => new Date(Date.now() + this.offsetMs) };

  /** Moves the instances' clock forward by `ms` (they read the file at every call of their clock). */
  advanceClock(ms: number) {
    this.offsetMs += ms;
    writeFileSync(this.clockFile, String(this.offsetMs));
  }

  /** Starts (or starts again) instance `name`; resolves when it answers readiness. */
  async startInstance(name: string): Promise<Instance> {
    const old = this.instances.find((i) => i.name === name);
    const port = old?.port ?? (await freePort());
    const dataDir = path.join(this.tmp, `app-${name}`);
    mkdirSync(dataDir, { recursive: true });
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // The instance's name on its connections: pg_stat_activity shows whose transaction is open.
      DATABASE_URL: `${this.pg.url}?application_name=sale-${name}`,
      SESSION_SECRET: this.secret,
      DATA_DIR: dataDir,
      DEMO: 'false',
      WORKERS: 'true',
      LOG_LEVEL: 'warn',
      TEST_CLOCK_FILE: this.clockFile,
    };
    delete env.TEST_DATABASE_URL;
    const proc = startProcess(`app-${name}`, process.execPath, serverArgs(), {
      cwd: ROOT,
      env,
      logFile: path.join(this.tmp, 'logs', `app-${name}.log`),
    });
    const inst: Instance = old ?? {
      name,
      port,
      baseUrl: `http://127.0.0.1:${port}`,
      proc,
      exitedAt: null,
      agent: new http.Agent({ keepAlive: true, maxSockets: 64 }),
    };
    inst.proc = proc;
    inst.exitedAt = null;
    void proc.exited.then(() => {
      if (inst.proc === proc) inst.exitedAt = Date.now();
    });
    if (!old) {
      this.instances.push(inst);
      this.cleanups.push(() => inst.proc.stop(5000));
    }
    await waitFor(`instance ${name} ready`, 120_000, async () => {
      if (inst.exitedAt) throw new Error(`instance ${name} exited:\n${proc.tail()}`);
      return (await this.request(inst, 'GET', '/api/health/ready', undefined, null, 3000)).status === 200;
    }).catch((err) => {
      throw inst.exitedAt ? new Error(`instance ${name} exited at start:\n${proc.tail()}`) : err;
    });
    return inst;
  }

  instance(name: string): Instance {
    const inst = this.instances.find((i) => i.name === name);
    if (!inst) throw new Error(`no instance ${name}`);
    return inst;
  }

  /** One HTTP request to an instance, signed in as `dealer` when given; never throws for a status. */
  request(
    inst: Instance,
    method: 'GET' | 'POST',
    urlPath: string,
    body: unknown,
    dealer: Dealer | null,
    timeoutMs = 30_000,
    extra: Record<string, string> = {},
  ): Promise<Answer> {
    const started = performance.now();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { accept: 'application/json', ...extra };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (dealer) {
      headers.cookie = dealer.cookie;
      headers['x-csrf-token'] = dealer.csrf;
    }
    return new Promise((resolve, reject) => {
      const req = http.request(
        new URL(urlPath, inst.baseUrl),
        { method, headers, agent: inst.agent, timeout: timeoutMs },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: text, ms: performance.now() - started }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** `count` approved dealers in one insert, each with a session of its own (no password, no sign-in). */
  async seedDealers(count: number, label: string): Promise<Dealer[]> {
    const run = randomBytes(3).toString('hex');
    const rows = await this.db.db
      .insert(users)
      .values(
        Array.from({ length: count }, (_, i) => ({
          email: `${label}-${run}-${i}@example.com`,
          name: `${label} dealer ${i + 1}`,
          companyName: `${label} Tractors ${i + 1}`,
          status: 'approved' as const,
          passwordHash: 'seeded-for-a-test-no-password',
        })),
      )
      .returning({ id: users.id });
    const dealers: Dealer[] = [];
    for (const { id } of rows) {
      const token = await createSession(this.db.db, this.clock, id);
      const csrf = randomBytes(16).toString('hex');
      dealers.push({ id, csrf, cookie: `${COOKIES.session}=${token}; ${COOKIES.csrf}=${csrf}` });
    }
    return dealers;
  }

  /** Live listings of `sellerId`, one per floor price (the lots' reserves). */
  async seedListings(sellerId: string, floors: Array<number | null>): Promise<string[]> {
    const rows = await this.db.db
      .insert(listings)
      .values(
        floors.map((floorPriceCents, i) => ({
          userId: sellerId,
          sellerUserId: sellerId,
          reviewStatus: 'approved' as const,
          make: 'John Deere',
          model: `8R ${300 + i}`,
          year: 2021,
          hours: 1200 + i,
          priceCents: 300_000_00,
          floorPriceCents,
          location: 'Ames, IA',
        })),
      )
      .returning({ id: listings.id });
    return rows.map((r) => r.id);
  }

  /**
   * A sale that opened a minute ago with one lot per listing, closing at the given times (in run-list order). Seeded
   * straight into the tables: what an admin and the sellers would have done through the API before the sale.
   */
  async seedSale(
    adminId: string,
    sellerId: string,
    lots: Array<{ listingId: string; closesAt: number; reserveCents: number | null }>,
  ): Promise<{ saleId: string; lotIds: string[] }> {
    const now = this.clock.now().getTime();
    const [sale] = await this.db.db
      .insert(timedSales)
      .values({
        name: 'Tuesday Sale, Dec 8',
        startsAt: new Date(now - 60_000),
        firstCloseAt: new Date(Math.min(...lots.map((l) => l.closesAt))),
        intervalSeconds: 30,
        createdByUserId: adminId,
        createdAt: new Date(now - 120_000),
      })
      .returning({ id: timedSales.id });
    const rows = await this.db.db
      .insert(timedSaleLots)
      .values(
        lots.map((l, position) => ({
          saleId: sale.id,
          listingId: l.listingId,
          position,
          sellerUserId: sellerId,
          reserveCents: l.reserveCents,
          opensAt: new Date(now - 60_000),
          closesAt: new Date(l.closesAt),
          createdAt: new Date(now - 120_000),
          updatedAt: new Date(now - 120_000),
        })),
      )
      .returning({ id: timedSaleLots.id, position: timedSaleLots.position });
    return {
      saleId: sale.id,
      lotIds: rows.sort((a, b) => a.position - b.position).map((r) => r.id),
    };
  }

  async cleanup() {
    for (const run of this.cleanups.reverse()) {
      try {
        await run();
      } catch (err) {
        this.log(`cleanup failed: ${(err as Error).message}`);
      }
    }
    this.cleanups.length = 0;
  }
}

/** Runs `main` with a deadline; everything started is stopped and removed at the end, also on failure and Ctrl-C. */
export function runScript(
  label: string,
  deadlineMs: number,
  main: (stacks: SaleStack[]) => Promise<number>,
): void {
  const stacks: SaleStack[] = [];
  const stopAll = async () => {
    for (const s of stacks) await s.cleanup();
  };
  const deadline = setTimeout(async () => {
    console.error(`[${label}] FAILED: still running after ${deadlineMs / 1000} s`);
    await stopAll();
    process.exit(1);
  }, deadlineMs);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, async () => {
      await stopAll();
      process.exit(130);
    });
  main(stacks)
    .then(async (code) => {
      clearTimeout(deadline);
      await stopAll();
      process.exit(code);
    })
    .catch(async (err) => {
      clearTimeout(deadline);
      console.error(`[${label}] FAILED: ${(err as Error).stack ?? err}`);
      await stopAll();
      process.exit(1);
    });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
