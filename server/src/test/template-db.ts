import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
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
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  return file;
}

export function templateDbName(): string {
  return `fieldlot_tpl_${migrationsHash()}`;
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

export async function ensurePostgresTemplate(baseUrl: string): Promise<string> {
  const name = templateDbName();
  const admin = new pg.Client({ connectionString: adminUrl(baseUrl) });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      await admin.query(`create database "${name}"`);
      const database = await openDatabase({ databaseUrl: dbUrl(baseUrl, name), poolSize: 1 });
      await runMigrations(database);
      await database.close();
    }
  } finally {
    await admin.end();
  }
  return name;
}

export async function createDatabaseFromTemplate(baseUrl: string, template: string): Promise<string> {
  const name = `fieldlot_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl(baseUrl) });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  return name;
}

export async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl(baseUrl) });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}
