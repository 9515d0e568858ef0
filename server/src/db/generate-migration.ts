import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from './client.js';

/**
 * `npm run db:generate [-- --name what-it-does]`: drizzle-kit generate, then keep the journal's `when` strictly
 * increasing. drizzle-kit stamps a new entry with the clock, but 0004-0018 carry hand-set stamps that are
 * later than today, and the migrator skips any entry whose `when` is not later than the last one applied:
 * on an existing database the new migration would silently never run
 * (docs/decisions/0029-schema-and-migrations-cannot-drift.md).
 */

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** Moves each entry not later than the one before to one millisecond after it; returns the moved tags. */
export function orderJournal(entries: JournalEntry[]): string[] {
  const moved: string[] = [];
  for (let i = 1; i < entries.length; i++) {
    if (entries[i].when <= entries[i - 1].when) {
      entries[i].when = entries[i - 1].when + 1;
      moved.push(entries[i].tag);
    }
  }
  return moved;
}

function main() {
  const root = path.resolve(MIGRATIONS_FOLDER, '../..');
  const kit = spawnSync(
    'npx',
    ['drizzle-kit', 'generate', '--config', 'server/drizzle.config.ts', ...process.argv.slice(2)],
    { cwd: root, stdio: 'inherit' },
  );
  if (kit.status !== 0) process.exit(kit.status ?? 1);
  const file = path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(file, 'utf8')) as { entries: JournalEntry[] };
  const moved = orderJournal(journal.entries);
  if (moved.length === 0) return;
  writeFileSync(file, `${JSON.stringify(journal, null, 2)}\n`);
  console.log(
    `journal: ${moved.join(', ')} now runs after the migrations before it (its "when" moved forward)`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
