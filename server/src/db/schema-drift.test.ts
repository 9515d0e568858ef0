import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabaseFromTemplate, dbUrl, dropDatabase } from '../test/template-db.js';
import { type Database, MIGRATIONS_FOLDER, openDatabase, rowsOf, runMigrations } from './client.js';
import * as schema from './schema.js';

/**
 * The committed SQL migrations, run on an empty database, must build exactly what schema.ts declares
 * (docs/decisions/0029-schema-and-migrations-cannot-drift.md). Both sides are built for real and read back
 * from the catalog with the same queries, so PostgreSQL itself normalises types, defaults and definitions.
 */

type Shape = Map<string, string>;

/** What only hand-written SQL can express; anything else found only in the migrations is drift. */
const MIGRATION_ONLY: Record<string, string> = {
  // Records that must never change or disappear: drizzle has no model for triggers or their functions.
  'function audit_log_immutable': 'audit log is append-only (trigger function)',
  'trigger audit_log.audit_log_no_update': 'audit log is append-only',
  'trigger audit_log.audit_log_no_truncate': 'audit log is append-only',
  'function audit_log_row_hash': "an audit row's hash over its canonical content (decision 0081)",
  'function audit_log_chain':
    'each audit row is chained to the previous one (trigger function, decision 0081)',
  'trigger audit_log.audit_log_chain': 'each audit row is chained to the previous one (decision 0081)',
  'function inspection_revisions_immutable': 'published condition reports never change (trigger function)',
  'trigger inspection_revisions.inspection_revisions_no_change': 'published condition reports never change',
  'function tractor_offers_freeze_report':
    'an offer keeps the report revision it was made on (trigger function)',
  'trigger tractor_offers.tractor_offers_freeze_report': 'an offer keeps the report revision it was made on',
  'function inquiry_offers_immutable':
    'a sent farmer offer never changes but for its answer (trigger function)',
  'trigger inquiry_offers.inquiry_offers_immutable': 'a sent farmer offer never changes but for its answer',
  'function inquiry_photos_immutable': "a farmer's sell-form photos never change (trigger function)",
  'trigger inquiry_photos.inquiry_photos_immutable': "a farmer's sell-form photo is never changed or deleted",
  'function timed_sale_bids_immutable': "a Timed Sale's bids are insert-only (trigger function)",
  'trigger timed_sale_bids.timed_sale_bids_immutable': "a Timed Sale's bid is never changed or deleted",
  'trigger timed_sale_bids.timed_sale_bids_no_truncate': "a Timed Sale's bids are never truncated",
  'function timed_sale_lots_never_reopen': 'a closed lot never reopens (trigger function)',
  'trigger timed_sale_lots.timed_sale_lots_never_reopen':
    'a closed lot never reopens, its result never changes',
  'function purchase_records_no_delete': 'purchase records are never deleted (trigger function)',
  'function purchase_records_immutable': 'issued invoices and credit notes never change (trigger function)',
  'trigger purchases.purchases_no_delete': 'purchase records are never deleted',
  'trigger purchase_claims.purchase_claims_no_delete': 'purchase records are never deleted',
  'trigger purchase_events.purchase_events_immutable': 'a purchase timeline is insert-only',
  'trigger invoices.invoices_immutable': 'an issued invoice never changes',
  'trigger credit_notes.credit_notes_immutable': 'an issued credit note never changes',
  'function purchases_refuse_self_dealing':
    'no dealership buys its own listing (trigger function, decision 0039)',
  'trigger purchases.purchases_not_self_dealing': 'no dealership buys its own listing (decision 0039)',
  'trigger purchase_ledger_entries.purchase_ledger_entries_immutable': 'a ledger entry never changes',
  'trigger purchase_money_commands.purchase_money_commands_immutable':
    'a money command once taken is never changed or forgotten',
  'function market_sales_immutable':
    'a recorded sale never changes; only demo sales may be cleared (decision 0046)',
  'trigger market_sales.market_sales_immutable': 'a recorded sale never changes (decision 0046)',
  'function record_tables_refuse_truncate':
    'record tables are never emptied (trigger function, record-tables.ts)',
  'trigger inspection_revisions.inspection_revisions_no_truncate': 'a record table is never emptied',
  'trigger purchases.purchases_no_truncate': 'a record table is never emptied',
  'trigger purchase_claims.purchase_claims_no_truncate': 'a record table is never emptied',
  'trigger purchase_events.purchase_events_no_truncate': 'a record table is never emptied',
  'trigger invoices.invoices_no_truncate': 'a record table is never emptied',
  'trigger credit_notes.credit_notes_no_truncate': 'a record table is never emptied',
  'trigger purchase_ledger_entries.purchase_ledger_entries_no_truncate': 'a record table is never emptied',
  'trigger purchase_money_commands.purchase_money_commands_no_truncate': 'a record table is never emptied',
  'trigger market_sales.market_sales_no_truncate': 'a record table is never emptied',
  'trigger inquiry_offers.inquiry_offers_no_truncate': 'a record table is never emptied',
  'trigger inquiry_photos.inquiry_photos_no_truncate': 'a record table is never emptied',
  // NOTIFY on change, so every instance drops cached sessions and refreshes the live inventory.
  'function fieldlot_session_changed': 'sessions and accounts changed: instances drop cached sessions',
  'trigger sessions.sessions_changed_notify': 'a revoked session is dropped from every instance cache',
  'trigger users.users_changed_notify': 'a changed account is dropped from every instance cache',
  'function fieldlot_inventory_changed': 'listings or images changed: live inventory refreshes',
  'trigger tractor_listings.tractor_listings_inventory_insert':
    'listings changed (rows, not 0-row statements): live inventory refreshes',
  'trigger tractor_listings.tractor_listings_inventory_update':
    'listings changed (rows, not 0-row statements): live inventory refreshes',
  'trigger tractor_listings.tractor_listings_inventory_delete':
    'listings changed (rows, not 0-row statements): live inventory refreshes',
  'trigger tractor_listings.tractor_listings_inventory_truncate':
    'listings changed (rows, not 0-row statements): live inventory refreshes',
  'trigger tractor_images.tractor_images_inventory_insert':
    'images changed (rows, not 0-row statements): live inventory refreshes',
  'trigger tractor_images.tractor_images_inventory_update':
    'images changed (rows, not 0-row statements): live inventory refreshes',
  'trigger tractor_images.tractor_images_inventory_delete':
    'images changed (rows, not 0-row statements): live inventory refreshes',
  'trigger tractor_images.tractor_images_inventory_truncate':
    'images changed (rows, not 0-row statements): live inventory refreshes',
  'function fieldlot_market_sales_changed':
    'sales added or cleared: instances refit FieldLot Value (decision 0051)',
  'trigger market_sales.market_sales_changed_notify':
    'sales added or cleared: instances refit FieldLot Value (decision 0051)',
};

async function shapeOf(database: Database): Promise<Shape> {
  const rows = async (query: ReturnType<typeof sql>) =>
    rowsOf<{ k: string; v: string }>(await database.db.execute(query));
  const shape: Shape = new Map();
  const add = (list: { k: string; v: string }[]) => {
    for (const { k, v } of list) shape.set(k, v);
  };
  add(
    await rows(sql`select 'table ' || c.relname as k, '' as v from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')`),
  );
  add(
    await rows(sql`select 'column ' || c.relname || '.' || a.attname as k,
        format_type(a.atttypid, a.atttypmod)
        || case when a.attnotnull then ' not null' else ' null' end
        || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '')
        || case a.attidentity when 'a' then ' identity always' when 'd' then ' identity by default' else '' end
        || case a.attgenerated when 's' then ' generated' else '' end as v
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped`),
  );
  // NOT NULL constraints (PostgreSQL 18 lists them) are covered by the columns.
  add(
    await rows(sql`select 'constraint ' || conrelid::regclass::text || '.' || conname as k,
        pg_get_constraintdef(oid) as v
      from pg_constraint where connamespace = 'public'::regnamespace and contype <> 'n'`),
  );
  add(
    await rows(sql`select 'index ' || tablename || '.' || indexname as k, indexdef as v
      from pg_indexes where schemaname = 'public'`),
  );
  add(
    await rows(sql`select 'trigger ' || c.relname || '.' || t.tgname as k, pg_get_triggerdef(t.oid) as v
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where c.relnamespace = 'public'::regnamespace and not t.tgisinternal`),
  );
  // Functions the migrations wrote themselves (pg_trgm's belong to the extension).
  add(
    await rows(sql`select 'function ' || p.proname as k, pg_get_function_identity_arguments(p.oid) as v
      from pg_proc p where p.pronamespace = 'public'::regnamespace
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`),
  );
  add(
    await rows(sql`select 'sequence ' || sequencename as k, data_type::text as v
      from pg_sequences where schemaname = 'public'`),
  );
  add(
    await rows(
      sql`select 'extension ' || extname as k, '' as v from pg_extension where extname <> 'plpgsql'`,
    ),
  );
  return shape;
}

/** Every difference, one per line, readable on its own. */
function differences(migrated: Shape, declared: Shape): string[] {
  const lines: string[] = [];
  for (const [key, def] of migrated) {
    if (key in MIGRATION_ONLY) continue;
    if (!declared.has(key)) lines.push(`only in the migrations: ${key} ${def}`.trim());
    else if (declared.get(key) !== def)
      lines.push(`${key}: migrations give "${def}", schema.ts gives "${declared.get(key)}"`);
  }
  for (const [key, def] of declared)
    if (!migrated.has(key)) lines.push(`only in schema.ts: ${key} ${def}`.trim());
  return lines.sort();
}

/** Statements creating schema.ts from nothing, as drizzle-kit would write them. */
async function schemaStatements(): Promise<string[]> {
  return generateMigration(generateDrizzleJson({}), generateDrizzleJson(schema));
}

const PG_URL = process.env.TEST_DATABASE_URL;

/** An empty database on the engine the tests run on (PGlite, or PostgreSQL when TEST_DATABASE_URL is set). */
async function emptyDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!PG_URL) {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const name = await createDatabaseFromTemplate(PG_URL, 'template0');
  const database = await openDatabase({ databaseUrl: dbUrl(PG_URL, name), poolSize: 1 });
  return {
    database,
    drop: async () => {
      await database.close();
      await dropDatabase(PG_URL, name);
    },
  };
}

describe('schema.ts and the SQL migrations', () => {
  let migrated: Shape;
  let declared: Shape;
  const cleanups: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    const fromMigrations = await emptyDatabase();
    cleanups.push(fromMigrations.drop);
    await runMigrations(fromMigrations.database);
    migrated = await shapeOf(fromMigrations.database);

    const fromSchema = await emptyDatabase();
    cleanups.push(fromSchema.drop);
    // The trigram index needs the extension, which schema.ts cannot declare.
    await fromSchema.database.db.execute(sql`create extension if not exists pg_trgm`);
    for (const statement of await schemaStatements())
      await fromSchema.database.db.execute(sql.raw(statement));
    declared = await shapeOf(fromSchema.database);
    // Two databases built from nothing: slow on PGlite, more so on a busy machine.
  }, 240_000);
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('build the same tables, columns, defaults, indexes and constraints', () => {
    expect(declared.size).toBeGreaterThan(100);
    expect(differences(migrated, declared)).toEqual([]);
  });

  it('list as migration-only only things the migrations really create', () => {
    const missing = Object.keys(MIGRATION_ONLY).filter((key) => !migrated.has(key) || declared.has(key));
    expect(missing).toEqual([]);
  });

  it('leave nothing for db:generate to write: the latest snapshot is schema.ts', () => {
    const snapshots = readdirSync(path.join(MIGRATIONS_FOLDER, 'meta'))
      .filter((f) => f.endsWith('_snapshot.json'))
      .sort();
    const latest = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', snapshots.at(-1)!), 'utf8'));
    // Compared as JSON: the snapshot on disk has no undefined fields.
    const {
      id: _id,
      prevId: _prevId,
      _meta: _dmeta,
      ...declared
    } = JSON.parse(JSON.stringify(generateDrizzleJson(schema)));
    const { id: _lid, prevId: _lprevId, _meta: _lmeta, ...onDisk } = latest;
    const changedTables = [
      ...new Set([...Object.keys(declared.tables), ...Object.keys(onDisk.tables)]),
    ].filter((table) => !isDeepStrictEqual(declared.tables[table], onDisk.tables[table]));
    // A table listed here changed in schema.ts without `npm run db:generate` (docs/ARCHITECTURE.md#changing-the-schema).
    expect(changedTables, `schema.ts differs from meta/${snapshots.at(-1)}`).toEqual([]);
    expect(onDisk).toEqual(declared);
  });

  it('number the journal like the files, so the next generated migration takes the next free number', () => {
    const journal = JSON.parse(
      readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
    ) as {
      entries: { idx: number; when: number; tag: string }[];
    };
    const files = readdirSync(MIGRATIONS_FOLDER)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    expect(journal.entries.map((e) => `${e.tag}.sql`)).toEqual(files);
    journal.entries.forEach((entry, i) => {
      expect(entry.idx).toBe(i);
      expect(entry.tag.slice(0, 4)).toBe(String(i).padStart(4, '0'));
      // The migrator applies an entry only when its `when` is later than the last applied one.
      if (i > 0) expect(entry.when).toBeGreaterThan(journal.entries[i - 1].when);
    });
  });
});
