// `npm run restore -- <file> [--data-dir DIR] [--force]`: brings an archive of `npm run backup` back into
// DATA_DIR (docs/decisions/0038-backups.md). Refused while a server uses the folder. The archive is unpacked
// beside it and checked against its manifest (row counts of every table, migrations, image files) before
// anything is replaced; what it replaces is moved to `DATA_DIR/replaced-<time>/`, never deleted, and only with
// --force. Migrations newer than the backup run when the server starts.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { acquireEmbeddedLock, embeddedDatabaseInUse } from '../../server/src/db/embedded-lock.js';
import {
  compare,
  dataDirOf,
  imageStats,
  inspectDatabase,
  MANIFEST_FORMAT,
  type Manifest,
  stamp,
  tar,
  versions,
} from './archive.js';

const USAGE = 'Usage: npm run restore -- <backup.tar.gz> [--data-dir DIR] [--force]';

class Failure extends Error {}
function fail(message: string): never {
  throw new Failure(message);
}

const holdsData = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

async function main() {
  const started = Date.now();
  let parsed: { values: { 'data-dir'?: string; force?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({
      options: { 'data-dir': { type: 'string' }, force: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    fail(`${(err as Error).message}\n${USAGE}`);
  }
  const [file] = parsed.positionals;
  if (!file || parsed.positionals.length > 1) fail(USAGE);
  if (!existsSync(file)) fail(`no such file: ${file}`);
  if (process.env.DATABASE_URL)
    fail('DATABASE_URL is set: restore PostgreSQL with its own tools (deploy/backup-and-restore.md)');
  const dataDir = dataDirOf(parsed.values['data-dir']);
  const running = embeddedDatabaseInUse(dataDir);
  if (running) fail(`a server (pid ${running}) is using ${dataDir}: stop it first`);
  const pgDir = path.join(dataDir, 'pg');
  const imagesDir = path.join(dataDir, 'images');
  if ((holdsData(pgDir) || holdsData(imagesDir)) && !parsed.values.force)
    fail(`${dataDir} already holds data: add --force to move it to ${dataDir}/replaced-<time>/ and restore`);

  // Held until the end: no server starts on the folder while it is being replaced.
  const release = acquireEmbeddedLock(dataDir);
  const staging = path.join(dataDir, `restore-staging-${stamp()}-${process.pid}`);
  mkdirSync(staging);
  try {
    tar(['-xzf', path.resolve(file), '-C', staging]);
    const manifestFile = path.join(staging, 'manifest.json');
    if (!existsSync(manifestFile) || !existsSync(path.join(staging, 'pg')))
      fail(`${file} is not a FieldLot backup (no manifest.json or pg/)`);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    if (manifest.format !== MANIFEST_FORMAT) fail(`unknown backup format ${manifest.format}`);
    const now = versions();
    if (manifest.versions.pglite !== now.pglite)
      console.warn(
        `restore: the backup was written by PGlite ${manifest.versions.pglite}, this is ${now.pglite}; it opens ` +
          'only if both store the same PostgreSQL version',
      );
    const restoredImages = path.join(staging, 'images');
    mkdirSync(restoredImages, { recursive: true });
    const found = await inspectDatabase(path.join(staging, 'pg'), restoredImages);
    const problems = compare(manifest, found, imageStats(restoredImages));
    if (problems.length) fail(`the archive does not hold what its manifest says: ${problems.join('; ')}`);

    let aside = '';
    if (holdsData(pgDir) || holdsData(imagesDir)) {
      aside = path.join(dataDir, `replaced-${stamp()}`);
      mkdirSync(aside);
      if (existsSync(pgDir)) renameSync(pgDir, path.join(aside, 'pg'));
      if (existsSync(imagesDir)) renameSync(imagesDir, path.join(aside, 'images'));
    }
    rmSync(pgDir, { recursive: true, force: true });
    rmSync(imagesDir, { recursive: true, force: true });
    renameSync(path.join(staging, 'pg'), pgDir);
    renameSync(restoredImages, imagesDir);
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    console.log(
      `restore: ${dataDir} now holds the backup of ${manifest.createdAt}: ${rows} rows in ` +
        `${Object.keys(manifest.tables).length} tables and ${manifest.images.files} image files, as its manifest ` +
        `says${aside ? `; the data it replaced is in ${aside}` : ''}; ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    rmSync(staging, { recursive: true, force: true });
    release();
  }
}

main().catch((err) => {
  console.error(`restore: FAILED: ${err instanceof Failure ? err.message : ((err as Error).stack ?? err)}`);
  process.exit(1);
});
