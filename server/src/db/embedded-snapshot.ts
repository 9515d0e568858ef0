import {
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { Database } from './client.js';

/**
 * Backups of the embedded database while the server runs (docs/decisions/0038-backups.md). PGlite lives in this
 * process, so `npm run backup` cannot open its folder; it makes `DATA_DIR/backup-staging-*` with a `request`
 * file and sends SIGUSR2. The server copies its database folder and links its images there while no statement
 * runs, then writes `snapshot.json` (`{ ok, ms }` or `{ ok: false, error }`).
 */
export const STAGING_PREFIX = 'backup-staging-';
export const REQUEST_FILE = 'request';
export const SNAPSHOT_FILE = 'snapshot.json';

/**
 * Copies `DATA_DIR/pg` and `DATA_DIR/images` into `target`. With `exclusive` (the live server) nothing runs
 * meanwhile: every committed row is in the copy, and every image a copied row names is there too (files are
 * written before their row commits and removed only after it is gone). Answers how long statements waited.
 */
export async function snapshotDataDir(
  dataDir: string,
  target: string,
  exclusive: <T>(fn: () => Promise<T>) => Promise<T> = (fn) => fn(),
): Promise<number> {
  return exclusive(async () => {
    const started = Date.now();
    cpSync(path.join(dataDir, 'pg'), path.join(target, 'pg'), { recursive: true });
    linkTree(path.join(dataDir, 'images'), path.join(target, 'images'));
    return Date.now() - started;
  });
}

/** Hard links (images never change once written; a link costs no space), a copy across file systems. */
function linkTree(from: string, to: string) {
  mkdirSync(to, { recursive: true });
  if (!existsSync(from)) return;
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name);
    const dst = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(src, dst);
    else if (entry.isFile()) {
      try {
        linkSync(src, dst);
      } catch {
        copyFileSync(src, dst);
      }
    }
  }
}

/** Answers SIGUSR2: takes a snapshot for every staging folder that asks for one. */
export function serveBackupRequests(
  database: Database,
  dataDir: string,
  log: { info(o: object, m: string): void },
) {
  const exclusive = database.exclusive;
  if (!exclusive) return;
  let busy: Promise<void> = Promise.resolve();
  process.on('SIGUSR2', () => {
    // One at a time; a failure is answered to the script or logged, never left to end the process.
    busy = busy
      .then(() => answerRequests(exclusive, dataDir, log))
      .catch((err) => {
        log.info({ err }, 'backup snapshot failed');
      });
  });
}

async function answerRequests(
  exclusive: <T>(fn: () => Promise<T>) => Promise<T>,
  dataDir: string,
  log: { info(o: object, m: string): void },
) {
  for (const name of readdirSync(dataDir)) {
    const dir = path.join(dataDir, name);
    if (!name.startsWith(STAGING_PREFIX) || !existsSync(path.join(dir, REQUEST_FILE))) continue;
    if (existsSync(path.join(dir, SNAPSHOT_FILE))) continue;
    let answer: object;
    try {
      answer = { ok: true, ms: await snapshotDataDir(dataDir, dir, exclusive) };
    } catch (err) {
      answer = { ok: false, error: (err as Error).message };
    }
    // Renamed into place: the waiting script never reads half an answer.
    writeFileSync(path.join(dir, `${SNAPSHOT_FILE}.partial`), JSON.stringify(answer));
    renameSync(path.join(dir, `${SNAPSHOT_FILE}.partial`), path.join(dir, SNAPSHOT_FILE));
    log.info({ dir: name, ...answer }, 'backup snapshot taken');
  }
}
