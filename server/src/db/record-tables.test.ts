import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app.js';
import { type Database, rowsOf } from './client.js';
import { type GuardedStatement, recordTableGuards } from './record-tables.js';

// pg_trigger.tgtype bits (PostgreSQL's trigger.h): a guard runs BEFORE the statement it refuses.
const BEFORE = 1 << 1;
const EVENT_BITS: Record<GuardedStatement, number> = { DELETE: 1 << 3, UPDATE: 1 << 4, TRUNCATE: 1 << 5 };

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

/** Each table's enabled BEFORE triggers, as the statements they fire on. */
async function beforeTriggers(): Promise<Map<string, Set<GuardedStatement>>> {
  const rows = rowsOf<{ table: string; type: number }>(
    await database.db.execute(sql`select c.relname as "table", t.tgtype::int as "type"
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where c.relnamespace = 'public'::regnamespace and not t.tgisinternal and t.tgenabled in ('O', 'A')`),
  );
  const byTable = new Map<string, Set<GuardedStatement>>();
  for (const { table, type } of rows) {
    if ((type & BEFORE) === 0) continue;
    for (const [statement, bit] of Object.entries(EVENT_BITS) as [GuardedStatement, number][]) {
      if ((type & bit) === 0) continue;
      if (!byTable.has(table)) byTable.set(table, new Set());
      byTable.get(table)!.add(statement);
    }
  }
  return byTable;
}

/** The message PostgreSQL answered with (drizzle wraps it in a "Failed query" error). */
function databaseMessage(err: unknown): string {
  const e = err as { message?: string; cause?: { message?: string } };
  return e.cause?.message ?? e.message ?? String(err);
}

describe('record tables', () => {
  it('each has a BEFORE trigger for every statement it refuses', async () => {
    const triggers = await beforeTriggers();
    const missing = Object.entries(recordTableGuards()).flatMap(([table, statements]) =>
      statements.filter((s) => !triggers.get(table)?.has(s)).map((s) => `${table} has no guard for ${s}`),
    );
    expect(missing).toEqual([]);
  });

  it('are every table that guards against DELETE or TRUNCATE (a new record table is listed, so it gets all its guards)', async () => {
    const guarded = recordTableGuards();
    const unlisted = [...(await beforeTriggers())]
      .filter(
        ([table, statements]) => (statements.has('DELETE') || statements.has('TRUNCATE')) && !guarded[table],
      )
      .map(([table]) => table);
    expect(unlisted).toEqual([]);
  });

  it.each(Object.keys(recordTableGuards()))('%s refuses TRUNCATE, even with CASCADE', async (table) => {
    // CASCADE: without it a referenced table is refused by its foreign keys before any trigger runs.
    const attempt = database.db.execute(sql.raw(`truncate table "${table}" cascade`));
    const message = await attempt.then(
      () => 'TRUNCATE succeeded',
      (err) => databaseMessage(err),
    );
    expect(message).toMatch(new RegExp(`^${table} (keeps records: TRUNCATE is refused|is insert-only)$`));
  });
});
