import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { failoverClientClass, HostPicker, parseDatabaseUrl } from './hosts.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database or an open transaction. */
export type Executor = Db | Tx;

const here = path.dirname(fileURLToPath(import.meta.url));
/** `server/drizzle`, from this file (server/src/db) or from the compiled server (server/dist, decision 0048). */
export const MIGRATIONS_FOLDER = path.resolve(
  here,
  path.basename(here) === 'dist' ? '../drizzle' : '../../drizzle',
);

/** Rows of a raw `db.execute(sql...)`: both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A named prepared statement answering its rows as the driver reads them (no per-field mapping by the ORM). */
export interface PreparedRaw {
  execute(values: Record<string, unknown>): Promise<unknown>;
}

const dialect = new PgDialect();

/**
 * Prepares `query` (placeholders for its values) under `name` for `exec`: PostgreSQL plans it once per pool
 * connection; PGlite runs it as a plain statement. Read its answer with rowsOf.
 */
export function prepareRaw(exec: Executor, name: string, query: SQL): PreparedRaw {
  return exec._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
}

export type NotifyHandler = (payload: string) => void;

/** What a subscriber hears of the LISTEN connection (PostgreSQL only; PGlite's never drops). */
export interface ListenHooks {
  /** The connection dropped: notices may be missed from now on. */
  onLost?: () => void;
  /** It LISTENs again after a drop: notices sent in between are lost, so subscribers should resync. */
  onResume?: () => void;
}

/** Where the database reports outages (the app's logger once there is one). */
export interface DatabaseLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

const silentLog: DatabaseLog = { warn() {}, info() {} };

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: its URL (one host or several, decision 0036). */
  url?: string;
  /** PostgreSQL only: a connection outside the pool (the migration lock), to the host the pool uses. */
  newClient?: (config?: pg.ClientConfig) => pg.Client;
  /**
   * LISTEN on a channel; returns an unsubscribe function. Rejects when the database cannot be reached now (call
   * again later). A dropped connection reconnects by itself; `hooks` hear it drop and come back.
   */
  listen(channel: string, handler: NotifyHandler, hooks?: ListenHooks): Promise<() => Promise<void>>;
  /** Database round trip, for readiness checks. */
  ping(): Promise<void>;
  /** From now on, outages (lost and restored connections) are logged here. */
  setLog(log: DatabaseLog): void;
  /**
   * PGlite only: runs `fn` while no statement runs, so its data folder on disk is a consistent (crash-safe)
   * image of every commit so far (docs/decisions/0038-backups.md).
   */
  exclusive?<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Hears every error of a pool or LISTEN connection, and each failed reconnection of the latter (the operator's
   * metrics count them, decision 0037). Returns the function that stops hearing them.
   */
  onError(listener: (err: unknown) => void): () => void;
  /** PostgreSQL: the pool's connections (open, idle) and the requests waiting for one; null for PGlite (no pool). */
  poolStats(): PoolStats | null;
  close(): Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** A request waits at most this long for a database connection (DATABASE_CONNECT_TIMEOUT_MS). */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
/** A statement running longer is cancelled by the server (DATABASE_STATEMENT_TIMEOUT_MS; 0: none). */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data folder; undefined means in-memory. */
  pgliteDir?: string;
  /** A PGlite data dump to start from (tests copy one migrated template). */
  loadDataDir?: Blob | File;
  poolSize?: number;
  /** PostgreSQL: how long to wait for a connection (default DEFAULT_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /** PostgreSQL: statement_timeout of every pool connection (default DEFAULT_STATEMENT_TIMEOUT_MS; 0: none). */
  statementTimeoutMs?: number;
  log?: DatabaseLog;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(options.pgliteDir, options.loadDataDir);
}

async function openPglite(dataDir: string | undefined, loadDataDir?: Blob | File): Promise<Database> {
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm }, loadDataDir });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async listen(channel, handler) {
      const unsub = await client.listen(channel, handler);
      return async () => unsub();
    },
    async ping() {
      await client.query('select 1');
    },
    setLog() {},
    exclusive: (fn) => client.runExclusive(fn),
    onError: () => () => {},
    poolStats: () => null,
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  let log: DatabaseLog = options.log ?? silentLog;
  // One host or a primary and its standbys: every connection goes to the writable one (decision 0036).
  const picker = new HostPicker(parseDatabaseUrl(url), connectTimeoutMs);
  const Client = failoverClientClass(picker);
  const errorListeners = new Set<(err: unknown) => void>();
  const outage = new OutageLog(
    () => log,
    (err) => {
      for (const listener of errorListeners) listener(err);
    },
  );
  const pool = new pg.Pool({
    Client,
    max: options.poolSize ?? 10,
    // A request waits at most this long for a connection (a new one, or a free one of a busy pool).
    connectionTimeoutMillis: connectTimeoutMs,
    // The server cancels a statement running longer; the driver gives up a little later on its own, for a server
    // that stopped answering without closing the connection (a failover behind a dead host).
    statement_timeout: statementTimeoutMs || undefined,
    query_timeout: statementTimeoutMs ? statementTimeoutMs + 5000 : undefined,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // The pool listens for errors only on idle clients and drops that listener while a client is checked out; an
  // 'error' with no listener ends the process. Every client gets one of its own for its whole life: the query in
  // flight fails by itself, and the pool discards the broken client when it comes back.
  pool.on('connect', (client) => {
    client.on('error', (err) => outage.lost(err, 'pool connection'));
    outage.back();
  });
  pool.on('error', (err) => outage.lost(err, 'idle pool connection'));
  // A client handed back with a query still in flight (the driver's query_timeout fired) would keep its next user
  // waiting behind that query: end it, so the pool opens a fresh one.
  pool.on('release', (_err, client) => {
    if ((client as pg.PoolClient & { readyForQuery?: boolean }).readyForQuery === false)
      client.end().catch(() => {});
  });
  releaseBrokenCheckouts(pool);
  const stopWatching = watchForStalls(pool, picker);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listener = new Listener(Client, connectTimeoutMs, () => log, outage.error);
  return {
    db,
    kind: 'postgres',
    url,
    newClient: (config) => new Client(config),
    listen: (channel, handler, hooks) => listener.listen(channel, handler, hooks),
    async ping() {
      await pool.query('select 1');
      outage.back();
    },
    setLog(next) {
      log = next;
    },
    onError(listener) {
      errorListeners.add(listener);
      return () => errorListeners.delete(listener);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      stopWatching();
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * Drizzle's transaction checks a client out with `pool.connect()` and sends `begin` before its try/finally: when
 * `begin` fails (the connection dropped, or was closed by a move to another host) the client is never released,
 * and its place in the pool is lost for good; `max` such failures and every request waits for a connection that
 * never comes. A client checked out this way is released with an error as soon as its connection ends (a query
 * unanswered past the query timeout ends it too), and releasing it again does nothing.
 */
function releaseBrokenCheckouts(pool: pg.Pool) {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined;
  // pool.query checks out with a callback and releases by itself.
  (pool as { connect: unknown }).connect = (callback?: unknown) => {
    if (callback) return connect(callback);
    return (connect() as Promise<pg.PoolClient>).then(guardCheckout);
  };
}

function guardCheckout(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  const query = client.query;
  let released = false;
  const onEnd = () => client.release(new Error('Connection ended while checked out'));
  const releaseOnce = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off('end', onEnd);
    // Back to the prototype's query for the client's next user.
    delete (client as { query?: unknown }).query;
    release(err);
  };
  client.release = releaseOnce;
  client.once('end', onEnd);
  // pg's query timeout answers the query but leaves it in flight: the connection is useless, so it is ended (its
  // end releases the client).
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const result = (query as (...a: unknown[]) => unknown).apply(client, args);
    if (result instanceof Promise)
      result.catch((err: Error) => {
        if (err?.message === 'Query read timeout')
          (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      });
    return result;
  };
  return client;
}

/**
 * A pool connection held this long (a statement unanswered, or a transaction still open) makes the host picker
 * look whether the primary moved (docs/decisions/0091); looked at every `everyMs`.
 */
export const STALL_CHECK = { afterMs: 2000, everyMs: 1000 };

/**
 * With several hosts and read-write: while a pool connection has been held for STALL_CHECK.afterMs, the picker
 * checks the other hosts (HostPicker.recheck), so requests waiting on a primary that went silent (frozen, cut
 * off: its connections stay open and nothing answers) are cut as soon as the standby is promoted, instead of at
 * the query timeout. A slow query on a busy machine costs a short connection to the standby, nothing else.
 * Returns the function that stops watching.
 */
function watchForStalls(pool: pg.Pool, picker: HostPicker): () => void {
  if (!picker.target.readWrite || picker.target.hosts.length < 2) return () => {};
  const heldSince = new Map<pg.PoolClient, number>();
  pool.on('acquire', (client) => heldSince.set(client, Date.now()));
  pool.on('release', (_err, client) => heldSince.delete(client));
  pool.on('remove', (client) => heldSince.delete(client as pg.PoolClient));
  const timer = setInterval(() => {
    const now = Date.now();
    for (const since of heldSince.values())
      if (now - since >= STALL_CHECK.afterMs) {
        picker.recheck();
        return;
      }
  }, STALL_CHECK.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** One "lost" line when the database goes away and one "back" line when it returns, not a line per connection. */
class OutageLog {
  private since: number | null = null;
  constructor(
    private readonly log: () => DatabaseLog,
    /** Every error, not only the first of an outage (metrics count them all). */
    readonly error: (err: unknown) => void = () => {},
  ) {}
  lost(err: unknown, where: string) {
    this.error(err);
    if (this.since !== null) return;
    this.since = Date.now();
    this.log().warn({ err, where }, 'database connection lost');
  }
  back() {
    if (this.since === null) return;
    this.log().info({ downMs: Date.now() - this.since }, 'database connection back');
    this.since = null;
  }
}

/** Reconnection delays of the LISTEN connection: quick at first, then every 2 s until the database answers. */
export const LISTEN_RETRY = { firstDelayMs: 250, maxDelayMs: 2000 };

/**
 * The one LISTEN connection of a process (outside the pool: it must stay on one session). When it drops it
 * reconnects with backoff and LISTENs again on every channel; subscribers hear `onLost` at once and `onResume`
 * when it is back (notices sent in between are lost).
 */
class Listener {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly handlers = new Map<string, Set<NotifyHandler>>();
  private readonly hooks = new Set<ListenHooks>();
  /** A connection was lost since the last one was made: the next one tells subscribers to resync. */
  private missed = false;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private delayMs = LISTEN_RETRY.firstDelayMs;
  private closed = false;

  constructor(
    private readonly Client: new (config: pg.ClientConfig) => pg.Client,
    private readonly connectTimeoutMs: number,
    private readonly log: () => DatabaseLog,
    private readonly reportError: (err: unknown) => void,
  ) {}

  async listen(channel: string, handler: NotifyHandler, hooks?: ListenHooks): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel);
    const isNew = !set;
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(handler);
    if (hooks) this.hooks.add(hooks);
    const unlisten = async () => {
      set.delete(handler);
      if (hooks) this.hooks.delete(hooks);
    };
    try {
      // Connecting LISTENs on every channel known by then; an open connection needs this one added.
      const client = this.client ?? (await this.connect());
      if (isNew && this.client === client) await client.query(listenSql(channel));
    } catch (err) {
      // Not listening now: the caller learns it (a stream answers 503, a start-up fails) and may call again.
      await unlisten();
      if (isNew && set.size === 0) this.handlers.delete(channel);
      throw err;
    }
    return unlisten;
  }

  private connect(): Promise<pg.Client> {
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    if (this.closed) throw new Error('Cannot use a pool after calling end on the pool');
    const client = new this.Client({
      connectionTimeoutMillis: this.connectTimeoutMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client.on('notification', (msg) => {
      for (const h of this.handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
    });
    // Listens for the client's whole life: an 'error' without a listener would end the process.
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(listenSql(channel));
    } catch (err) {
      client.end().catch(() => {});
      throw err;
    }
    if (this.closed) {
      client.end().catch(() => {});
      throw new Error('Cannot use a pool after calling end on the pool');
    }
    this.client = client;
    this.delayMs = LISTEN_RETRY.firstDelayMs;
    clearTimeout(this.retry);
    this.retry = undefined;
    if (this.missed) {
      this.missed = false;
      this.log().info({ channels: [...this.handlers.keys()] }, 'database listener back; subscribers resync');
      for (const h of this.hooks) runHook(h.onResume, this.log);
    }
    return client;
  }

  private lost(client: pg.Client, err?: Error) {
    if (err) this.reportError(err);
    if (this.client !== client) return;
    this.client = null;
    this.missed = true;
    client.end().catch(() => {});
    this.log().warn({ err }, 'database listener lost; reconnecting');
    for (const h of this.hooks) runHook(h.onLost, this.log);
    this.reconnectSoon();
  }

  private reconnectSoon() {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (this.client || this.closed) return;
      this.connect().catch((err) => {
        this.reportError(err);
        this.delayMs = Math.min(this.delayMs * 2, LISTEN_RETRY.maxDelayMs);
        this.reconnectSoon();
      });
    }, this.delayMs);
    this.retry.unref();
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retry);
    this.retry = undefined;
    const current = this.client;
    this.client = null;
    await current?.end().catch(() => {});
  }
}

function runHook(hook: (() => void) | undefined, log: () => DatabaseLog) {
  try {
    hook?.();
  } catch (err) {
    log().warn({ err }, 'listener hook failed');
  }
}

const listenSql = (channel: string) => `LISTEN "${channel.replace(/"/g, '')}"`;

export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    // biome-ignore lint/suspicious/noExplicitAny: both drizzle flavours share the migrator contract
    await migratePglite(database.db as any, { migrationsFolder: MIGRATIONS_FOLDER });
  } else {
    // Instances starting together on a fresh database: one migrates while the others wait on a session
    // advisory lock, held on a connection of its own (the pool may have one), then find nothing left to do.
    // Migrations run on that connection too, without the pool's statement timeout (an index on a big table
    // may take longer).
    const lock = database.newClient?.() ?? new pg.Client({ connectionString: database.url });
    // A drop fails the query in flight; without a listener the 'error' event would end the process.
    lock.on('error', () => {});
    await lock.connect();
    try {
      await lock.query('set statement_timeout = 0');
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(lock, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await lock.end();
    }
  }
}

/**
 * The migrations as the role that owns the tables when `ownerUrl` names one (DATABASE_OWNER_URL), on a
 * connection of their own; otherwise on `database`. The app's own role then needs no right to change the schema
 * (deploy/database-roles.md).
 */
export async function runMigrationsAsOwner(database: Database, ownerUrl: string | undefined): Promise<void> {
  if (!ownerUrl || database.kind === 'pglite') return runMigrations(database);
  const owner = await openDatabase({ databaseUrl: ownerUrl, poolSize: 1 });
  try {
    await runMigrations(owner);
  } finally {
    await owner.close();
  }
}

/** Advisory lock key of the migrations (any constant; ends with the session). */
const MIGRATION_LOCK = 0x6669656c64;
