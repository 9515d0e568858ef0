import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from './client.js';
import { snapshotDataDir } from './embedded-snapshot.js';

/** docs/decisions/0038-backups.md: the live embedded database copies itself while no statement runs. */
describe('snapshot of the embedded database', () => {
  let dir: string;
  let live: Database;
  const count = async (database: Database) =>
    rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from t`))[0].n;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'fieldlot-snapshot-'));
    live = await openDatabase({ pgliteDir: path.join(dir, 'pg') });
    await live.db.execute(sql`create table t (id int primary key)`);
    mkdirSync(path.join(dir, 'images/listings'), { recursive: true });
    writeFileSync(path.join(dir, 'images/listings/a-400.webp'), 'picture');
  });
  afterAll(async () => {
    await live?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds every commit and the pictures, not a transaction still open', async () => {
    for (let i = 0; i < 50; i++) await live.db.execute(sql`insert into t values (${i})`);
    const target = path.join(dir, 'copy');
    let copied: Promise<number> | undefined;
    await live.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into t values (1000)`);
        // Taken between two statements of the open transaction; it waits for none of them.
        copied = snapshotDataDir(dir, target, live.exclusive);
        await copied;
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await copied).toBeGreaterThanOrEqual(0);
    expect(readFileSync(path.join(target, 'images/listings/a-400.webp'), 'utf8')).toBe('picture');
    const copy = await openDatabase({ pgliteDir: path.join(target, 'pg') });
    try {
      expect(await count(copy)).toBe(50);
    } finally {
      await copy.close();
    }
  });
});
