import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  dropRunDatabases,
  dropStaleDatabases,
  runDatabaseName,
  testRunId,
} from '../../../scripts/test-databases.mjs';
import { MIGRATIONS_FOLDER, openDatabase, runMigrations } from '../db/client.js';

/**
 * Tests never migrate a database per file: one template is migrated once per run of the migrations,
 * and each test file starts from a copy (a PGlite dump, or CREATE DATABASE ... TEMPLATE on PostgreSQL).
 */
export const TMP_DIR = path.resolve(MIGRATIONS_FOLDER, '../../.tmp');

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_FOLDER)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(path.join(MIGRATIONS_FOLDER, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

export function pgliteTemplatePath(): string {
  return path.join(TMP_DIR, `pglite-template-${migrationsHash()}.tar.gz`);
}

export async function ensurePgliteTemplate(): Promise<string> {
  const file = pgliteTemplatePath();
  if (existsSync(file)) return file;
  mkdirSync(TMP_DIR, { recursive: true });
  const database = await openDatabase({});
  await runMigrations(database);
  // biome-ignore lint/suspicious/noExplicitAny: dumpDataDir lives on the PGlite client behind drizzle
  const client = (database.db as any).$client;
  const dump: Blob = await client.dumpDataDir('gzip');
  // Written aside, then renamed: a run in the same checkout never reads a half-written template.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  await database.close();
  return file;
}

/**
 * On PostgreSQL every database of a run carries the run's prefix (`fieldlot_<run id>_`, see
 * scripts/test-databases.mjs): other runs share the server, and each drops only its own.
 */
export function templateDbName(): string {
  return runDatabaseName('tpl', { unique: false });
}

/** Admin URL: same server, database `postgres`. */
function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

export function dbUrl(baseUrl: string, name: string): string {
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

async function withAdmin<T>(baseUrl: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl(baseUrl) });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/** The run's template, migrated here when it does not exist yet (the global setup makes it first). */
export async function ensurePostgresTemplate(baseUrl: string): Promise<string> {
  const name = templateDbName();
  const exists = await withAdmin(baseUrl, (admin) =>
    admin.query('select 1 from pg_database where datname = $1', [name]),
  );
  if (exists.rowCount === 0) await createPostgresTemplate(baseUrl);
  return name;
}

/** Creates and migrates the run's template (again, when a run with the same id left one). */
export async function createPostgresTemplate(baseUrl: string): Promise<string> {
  const name = templateDbName();
  await withAdmin(baseUrl, async (admin) => {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  });
  const database = await openDatabase({ databaseUrl: dbUrl(baseUrl, name), poolSize: 1 });
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
  return name;
}

export async function createDatabaseFromTemplate(baseUrl: string, template: string): Promise<string> {
  const name = runDatabaseName('t');
  await withAdmin(baseUrl, (admin) => admin.query(`create database "${name}" template "${template}"`));
  return name;
}

export async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  await withAdmin(baseUrl, (admin) => admin.query(`drop database if exists "${name}" with (force)`));
}

/** Drops every database of this run (its template, files' copies a killed worker left). */
export function dropThisRunsDatabases(baseUrl: string): Promise<string[]> {
  return withAdmin(baseUrl, (admin) => dropRunDatabases(admin, testRunId()));
}

/** Drops what runs that started more than six hours ago left behind (decision 0030); nothing else. */
export function dropStaleRunDatabases(baseUrl: string): Promise<string[]> {
  return withAdmin(baseUrl, (admin) => dropStaleDatabases(admin));
}
