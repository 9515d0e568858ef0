// `npm run backup [-- --data-dir DIR] [--out DIR | --file PATH]`: one archive of the embedded database, the
// images and a manifest, taken while the server runs (docs/decisions/0038-backups.md; PostgreSQL and S3 are
// backed up by their own tools: deploy/backup-and-restore.md). The copy is opened and counted before the
// archive is written, so a backup that cannot be opened fails here and not on the day of the restore.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { acquireEmbeddedLock, embeddedDatabaseInUse } from '../../server/src/db/embedded-lock.js';
import {
  REQUEST_FILE,
  SNAPSHOT_FILE,
  STAGING_PREFIX,
  snapshotDataDir,
} from '../../server/src/db/embedded-snapshot.js';
import {
  dataDirOf,
  imageStats,
  inspectDatabase,
  MANIFEST_FORMAT,
  type Manifest,
  mb,
  migrationsInCode,
  stamp,
  tar,
  versions,
} from './archive.js';

const USAGE = 'Usage: npm run backup [-- --data-dir DIR] [--out DIR | --file PATH]';
/** How long a running server may take to answer (it waits for the statement in flight, then copies). */
const SNAPSHOT_TIMEOUT_MS = 60_000;

/** A failure told in one line (the staging folder is still removed on the way out). */
class Failure extends Error {}
function fail(message: string): never {
  throw new Failure(message);
}

async function main() {
  const started = Date.now();
  let args: { 'data-dir'?: string; out?: string; file?: string };
  try {
    args = parseArgs({
      options: { 'data-dir': { type: 'string' }, out: { type: 'string' }, file: { type: 'string' } },
      strict: true,
    }).values;
  } catch (err) {
    fail(`${(err as Error).message}\n${USAGE}`);
  }
  if (process.env.DATABASE_URL)
    fail('DATABASE_URL is set: back up PostgreSQL with its own tools (deploy/backup-and-restore.md)');
  if (process.env.S3_BUCKET)
    console.warn('backup: images live in the S3 bucket (its versioning keeps them); the archive holds none');
  const dataDir = dataDirOf(args['data-dir']);
  if (!existsSync(path.join(dataDir, 'pg'))) fail(`no embedded database in ${dataDir}`);
  const now = new Date();
  const file = path.resolve(
    args.file ?? path.join(args.out ?? process.env.BACKUP_DIR ?? 'backups', `fieldlot-${stamp(now)}.tar.gz`),
  );
  const staging = path.join(dataDir, `${STAGING_PREFIX}${stamp(now)}-${process.pid}`);
  mkdirSync(staging);
  try {
    const { source, snapshotMs } = await snapshot(dataDir, staging);
    const pgDir = path.join(staging, 'pg');
    const imagesDir = path.join(staging, 'images');
    // Opening the copy runs the recovery of a crash-safe image: the archive holds a database that opens clean.
    const found = await inspectDatabase(pgDir, imagesDir);
    if (found.missingImages.length)
      fail(
        `${found.missingImages.length} image files named by rows are missing, e.g. ${found.missingImages[0]}`,
      );
    const { missingImages: _, ...counts } = found;
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      createdAt: now.toISOString(),
      source,
      snapshotMs,
      versions: versions(),
      migrationsInCode: migrationsInCode(),
      ...counts,
      images: imageStats(imagesDir),
    };
    writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    mkdirSync(path.dirname(file), { recursive: true });
    // Written aside and renamed: a file of that name is always a whole archive.
    const partial = `${file}.partial`;
    tar(['-czf', partial, '-C', staging, 'manifest.json', 'pg', 'images']);
    renameSync(partial, file);
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    console.log(
      `backup: ${path.relative(process.cwd(), file) || file} (${mb(statSync(file).size)}): ${rows} rows in ` +
        `${Object.keys(manifest.tables).length} tables, ${manifest.migrations} migrations, ${manifest.images.files} ` +
        `image files; from the ${source}${snapshotMs === null ? '' : `, statements held ${snapshotMs} ms`}; ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** From the running server (SIGUSR2, embedded-snapshot.ts), else straight from the folder while holding its lock. */
async function snapshot(dataDir: string, staging: string) {
  const pid = embeddedDatabaseInUse(dataDir);
  if (pid === null) {
    const release = acquireEmbeddedLock(dataDir);
    try {
      await snapshotDataDir(dataDir, staging);
    } finally {
      release();
    }
    return { source: 'stopped data folder', snapshotMs: null };
  }
  writeFileSync(path.join(staging, REQUEST_FILE), new Date().toISOString());
  process.kill(pid, 'SIGUSR2');
  const answerFile = path.join(staging, SNAPSHOT_FILE);
  const deadline = Date.now() + SNAPSHOT_TIMEOUT_MS;
  while (!existsSync(answerFile)) {
    if (Date.now() > deadline)
      fail(`the server (pid ${pid}) did not answer within ${SNAPSHOT_TIMEOUT_MS / 1000} s`);
    if (embeddedDatabaseInUse(dataDir) !== pid) fail(`the server (pid ${pid}) stopped during the backup`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const answer = JSON.parse(readFileSync(answerFile, 'utf8')) as { ok: boolean; ms?: number; error?: string };
  if (!answer.ok) fail(`the server could not copy its data: ${answer.error}`);
  return { source: `live server (pid ${pid})`, snapshotMs: answer.ms ?? null };
}

main().catch((err) => {
  console.error(`backup: FAILED: ${err instanceof Failure ? err.message : ((err as Error).stack ?? err)}`);
  process.exit(1);
});
