// What `npm run backup` and `npm run restore` share (docs/decisions/0038-backups.md): the archive's manifest, how
// a copied database folder is inspected (table counts, migrations, images its rows name), and the tar calls.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '../../server/src/db/client.js';
import { TABLE_OWNERS } from '../../server/src/db/table-owners.js';
import { variantKeysOf } from '../../server/src/modules/listings/image-files.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const MANIFEST_FORMAT = 1;

export interface Inspection {
  /** Rows per table, every table of the schema. */
  tables: Record<string, number>;
  /** Migrations the database has applied. */
  migrations: number;
  postgres: string;
  /** Image files named by listing pictures and inspection photos that are not in the images folder. */
  missingImages: string[];
}

export interface ImageStats {
  files: number;
  bytes: number;
}

export interface Manifest extends Omit<Inspection, 'missingImages'> {
  format: typeof MANIFEST_FORMAT;
  createdAt: string;
  /** 'live server (pid N)' or 'stopped data folder'. */
  source: string;
  /** How long the server held its statements for the copy (live server only). */
  snapshotMs: number | null;
  versions: { app: string; pglite: string; node: string };
  /** Migrations of the code that wrote the backup. */
  migrationsInCode: number;
  images: ImageStats;
}

export const versions = () => ({
  app: readJson(path.join(ROOT, 'package.json')).version as string,
  pglite: readJson(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json')).version as string,
  node: process.version,
});

export const migrationsInCode = () =>
  (readJson(path.join(ROOT, 'server/drizzle/meta/_journal.json')).entries as unknown[]).length;

/** Opens a copied PGlite folder (never the live one) and counts what it holds. */
export async function inspectDatabase(pgDir: string, imagesDir: string): Promise<Inspection> {
  const database = await openDatabase({ pgliteDir: pgDir });
  try {
    const { db } = database;
    const tables: Record<string, number> = {};
    for (const { table } of Object.values(TABLE_OWNERS).sort((a, b) => a.table.localeCompare(b.table))) {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql.raw(`select count(*)::int as n from "${table}"`)),
      );
      tables[table] = row.n;
    }
    const [m] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    );
    const [v] = rowsOf<{ v: string }>(await db.execute(sql`select current_setting('server_version') as v`));
    const keys = rowsOf<{ k: string }>(
      await db.execute(
        sql`select storage_key as k from tractor_images union select storage_key from inspection_photos`,
      ),
    );
    const missingImages = keys
      .flatMap(({ k }) => variantKeysOf(k))
      .filter((file) => !existsSync(path.join(imagesDir, file)));
    return { tables, migrations: m.n, postgres: v.v, missingImages };
  } finally {
    await database.close();
  }
}

export function imageStats(dir: string): ImageStats {
  const stats = { files: 0, bytes: 0 };
  if (!existsSync(dir)) return stats;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    stats.files += 1;
    stats.bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return stats;
}

/** Differences between what a manifest promises and what a restored copy holds; empty when they agree. */
export function compare(manifest: Manifest, found: Inspection, images: ImageStats): string[] {
  const problems: string[] = [];
  for (const [table, n] of Object.entries(manifest.tables))
    if (found.tables[table] !== n)
      problems.push(`${table}: ${found.tables[table] ?? 'missing'} rows, expected ${n}`);
  if (found.migrations !== manifest.migrations)
    problems.push(`migrations: ${found.migrations}, expected ${manifest.migrations}`);
  if (images.files !== manifest.images.files || images.bytes !== manifest.images.bytes)
    problems.push(
      `images: ${images.files} files (${images.bytes} bytes), expected ${manifest.images.files} (${manifest.images.bytes})`,
    );
  if (found.missingImages.length)
    problems.push(`${found.missingImages.length} image files named by rows are missing`);
  return problems;
}

/** Runs the system's tar (GNU tar on Linux, bsdtar elsewhere); throws with its message on failure. */
export function tar(args: string[]) {
  const run = spawnSync('tar', args, { encoding: 'utf8' });
  if (run.error) throw new Error(`tar could not run: ${run.error.message}`);
  if (run.status !== 0) throw new Error(`tar ${args.join(' ')} failed: ${run.stderr.trim()}`);
}

/** UTC, as in file names: 20261122-031500. */
export function stamp(date = new Date()): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
}

export const dataDirOf = (option: string | undefined) =>
  path.resolve(option ?? process.env.DATA_DIR ?? './data');

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function readJson(file: string) {
  return JSON.parse(readFileSync(file, 'utf8'));
}
