import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one process's database: a second process opening the same folder would corrupt it.
 * The server holds `DATA_DIR/server.pid` while it runs; the CLI and a second server check it.
 */
const lockFile = (dataDir: string) => path.join(dataDir, 'server.pid');

export function embeddedDatabaseInUse(dataDir: string): number | null {
  const file = lockFile(dataDir);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
  } catch {
    return null; // stale file from a process that died
  }
  // After a container restart the number may belong to another program: only a server (or a backup or restore
  // of scripts/backup, which holds the folder while it copies it) counts.
  const cmdline = `/proc/${pid}/cmdline`;
  if (existsSync(cmdline) && !/server|scripts\/backup/.test(readFileSync(cmdline, 'utf8'))) return null;
  return pid;
}

/** Takes the lock or throws; the returned function releases it (also called on exit). */
export function acquireEmbeddedLock(dataDir: string): () => void {
  const running = embeddedDatabaseInUse(dataDir);
  if (running)
    throw new Error(`Another server (pid ${running}) is using ${dataDir}; stop it or use another DATA_DIR.`);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(lockFile(dataDir), String(process.pid));
  const release = () => {
    const file = lockFile(dataDir);
    if (existsSync(file) && Number(readFileSync(file, 'utf8').trim()) === process.pid)
      rmSync(file, { force: true });
  };
  process.once('exit', release);
  return release;
}
