#!/usr/bin/env node
// Drops the databases the API tests create on TEST_DATABASE_URL's server (templates `fieldlot_tpl_*` and
// per-file copies `fieldlot_t_*`). .ci/run calls it before and after the suite, so every run starts from
// freshly migrated databases and leaves none behind, even when a test process was killed.
import pg from 'pg';

const base = process.env.TEST_DATABASE_URL;
if (!base) process.exit(0);
const url = new URL(base);
url.pathname = '/postgres';
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
try {
  const { rows } = await client.query(
    "select datname from pg_database where datname like 'fieldlot\\_t\\_%' or datname like 'fieldlot\\_tpl\\_%'",
  );
  for (const { datname } of rows) {
    await client.query(`drop database if exists "${datname}" with (force)`);
  }
  if (rows.length) console.log(`Dropped ${rows.length} test database(s).`);
} finally {
  await client.end();
}
