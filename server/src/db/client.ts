import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database or an open transaction. */
export type Executor = Db | Tx;

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Rows of a raw `db.execute(sql...)`: both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export type NotifyHandler = (payload: string) => void;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: its URL, for connections outside the pool (the migration lock). */
  url?: string;
  /**
   * LISTEN on a channel; returns an unsubscribe function. `onResume` runs after a dropped listener
   * connection LISTENs again: notifications sent in between are lost, so subscribers should resync.
   */
  listen(channel: string, handler: NotifyHandler, onResume?: () => void): Promise<() => Promise<void>>;
  /** Database round trip, for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data folder; undefined means in-memory. */
  pgliteDir?: string;
  /** A PGlite data dump to start from (tests copy one migrated template). */
  loadDataDir?: Blob | File;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
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
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // A dead idle client must not crash the process; the next query reports the problem.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let listener: pg.Client | undefined;
  const handlers = new Map<string, Set<NotifyHandler>>();
  const resumeHandlers = new Set<() => void>();
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const listenSql = (channel: string) => `LISTEN "${channel.replace(/"/g, '')}"`;
  // A dropped listener connection reconnects (backing off) and LISTENs again on every channel.
  function reconnectSoon(delayMs = 500) {
    if (closed || retry) return;
    retry = setTimeout(async () => {
      retry = undefined;
      try {
        const client = await ensureListener();
        for (const channel of handlers.keys()) await client.query(listenSql(channel));
        for (const resume of resumeHandlers) resume();
      } catch {
        reconnectSoon(Math.min(delayMs * 2, 30_000));
      }
    }, delayMs);
    retry.unref();
  }
  async function ensureListener(): Promise<pg.Client> {
    if (listener) return listener;
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (msg) => {
      for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
    });
    const lost = () => {
      if (listener !== client) return;
      listener = undefined;
      client.end().catch(() => {});
      reconnectSoon();
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    listener = client;
    return client;
  }
  return {
    db,
    kind: 'postgres',
    url,
    async listen(channel, handler, onResume) {
      const client = await ensureListener();
      if (onResume) resumeHandlers.add(onResume);
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await client.query(listenSql(channel));
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (onResume) resumeHandlers.delete(onResume);
      };
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = listener;
      listener = undefined;
      await current?.end().catch(() => {});
      await pool.end();
    },
  };
}

export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    // biome-ignore lint/suspicious/noExplicitAny: both drizzle flavours share the migrator contract
    await migratePglite(database.db as any, { migrationsFolder: MIGRATIONS_FOLDER });
  } else {
    // Instances starting together on a fresh database: one migrates while the others wait on a session
    // advisory lock, held on a connection of its own (the pool may have one), then find nothing left to do.
    const lock = new pg.Client({ connectionString: database.url });
    await lock.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      // biome-ignore lint/suspicious/noExplicitAny: see above
      await migratePg(database.db as any, { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await lock.end();
    }
  }
}

/** Advisory lock key of the migrations (any constant; ends with the session). */
const MIGRATION_LOCK = 0x6669656c64;
