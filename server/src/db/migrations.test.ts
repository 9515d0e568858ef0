import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabaseFromTemplate, dbUrl, dropDatabase, pgliteTemplatePath } from '../test/template-db.js';
import { type Database, MIGRATIONS_FOLDER, openDatabase, rowsOf, runMigrations } from './client.js';

const journal = JSON.parse(readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, 'utf8')) as {
  entries: unknown[];
};

interface SchemaShape {
  tables: string[];
  columns: string[];
  constraints: string[];
  indexes: string[];
}

/** What the migrations built, comparable across engines (PostgreSQL 18 also lists NOT NULL as constraints: columns cover those). */
async function shapeOf(database: Database): Promise<SchemaShape> {
  const q = async (query: ReturnType<typeof sql>) =>
    rowsOf<{ v: string }>(await database.db.execute(query)).map((r) => r.v);
  return {
    tables: await q(sql`select table_name as v from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
    columns:
      await q(sql`select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable as v
      from information_schema.columns where table_schema = 'public' order by 1`),
    constraints:
      await q(sql`select conrelid::regclass::text || ' ' || conname::text || ' ' || contype::text || ' ' ||
        pg_get_constraintdef(oid) as v
      from pg_constraint where connamespace = 'public'::regnamespace and contype <> 'n' order by 1`),
    indexes: await q(
      sql`select tablename || ' ' || indexdef as v from pg_indexes where schemaname = 'public' order by 1`,
    ),
  };
}

const PG_URL = process.env.TEST_DATABASE_URL;

describe('migrations', () => {
  let pglite: Database;
  let pgliteShape: SchemaShape;
  beforeAll(async () => {
    // The test template is built by running the committed migrations (see test/template-db.ts).
    pglite = await openDatabase({ loadDataDir: new Blob([readFileSync(pgliteTemplatePath())]) });
    pgliteShape = await shapeOf(pglite);
  });
  afterAll(() => pglite.close());

  it('create every table of the product, with status checks and the one-accepted-offer rule', () => {
    expect(pgliteShape.tables).toEqual(
      expect.arrayContaining([
        'users',
        'brands',
        'user_brand_preferences',
        'tractor_listings',
        'tractor_images',
        'tractor_offers',
        'tractor_sale_inquiries',
        'audit_log',
        'sessions',
        'auth_tokens',
        'rate_limits',
        'outbox',
        'notification_sends',
        'job_runs',
      ]),
    );
    const constraints = pgliteShape.constraints.join('\n');
    for (const name of [
      'users_status_check',
      'tractor_listings_status_check',
      'tractor_offers_status_check',
      'tractor_sale_inquiries_status_check',
      'outbox_status_check',
    ])
      expect(constraints).toContain(name);
    expect(pgliteShape.indexes.join('\n')).toMatch(
      /tractor_offers_one_accepted_key .*WHERE \(status = 'accepted'::text\)/,
    );
    expect(pgliteShape.indexes.join('\n')).toMatch(/tractor_listings_search_trgm_idx .*gin_trgm_ops/);
    // Money is integer cents.
    expect(pgliteShape.columns).toContain('tractor_listings.price_cents bigint NO');
    expect(pgliteShape.columns).toContain('tractor_offers.offer_amount_cents bigint NO');
  });

  it.skipIf(!PG_URL)('run once when several instances start together on a fresh database', async () => {
    const name = await createDatabaseFromTemplate(PG_URL!, 'template0');
    const instances = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ databaseUrl: dbUrl(PG_URL!, name), poolSize: 1 })),
    );
    try {
      await Promise.all(instances.map((d) => runMigrations(d)));
      const applied = rowsOf<{ n: number }>(
        await instances[0].db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      );
      expect(applied[0].n).toBe(journal.entries.length);
    } finally {
      for (const d of instances) await d.close();
      await dropDatabase(PG_URL!, name);
    }
  });

  it.skipIf(!PG_URL)('build exactly the same schema on PostgreSQL as on PGlite', async () => {
    // A database migrated from scratch on the server, not copied from the test template.
    const name = await createDatabaseFromTemplate(PG_URL!, 'template0');
    const pg = await openDatabase({ databaseUrl: dbUrl(PG_URL!, name), poolSize: 1 });
    try {
      await runMigrations(pg);
      const pgShape = await shapeOf(pg);
      expect(pgShape).toEqual(pgliteShape);
    } finally {
      await pg.close();
      await dropDatabase(PG_URL!, name);
    }
  });
});
