#!/usr/bin/env node
// Drops, on TEST_DATABASE_URL's server, the databases of this run (FIELDLOT_TEST_RUN_ID: every name with its
// prefix) and those of runs that started more than six hours ago; nothing else, since other runs share the
// server (docs/decisions/0030-test-databases-per-run.md). .ci/run calls it before the suite and on exit.
import pg from 'pg';
import { dropRunDatabases, dropStaleDatabases, RUN_ID_VARIABLE } from './test-databases.mjs';

const base = process.env.TEST_DATABASE_URL;
if (!base) process.exit(0);
const url = new URL(base);
url.pathname = '/postgres';
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
try {
  const dropped = [
    ...(process.env[RUN_ID_VARIABLE] ? await dropRunDatabases(client) : []),
    ...(await dropStaleDatabases(client)),
  ];
  if (dropped.length) console.log(`Dropped ${dropped.length} test database(s): ${dropped.join(', ')}`);
} finally {
  await client.end();
}
