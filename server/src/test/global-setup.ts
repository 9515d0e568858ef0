import { testRunId } from '../../../scripts/test-databases.mjs';
import {
  createPostgresTemplate,
  dropStaleRunDatabases,
  dropThisRunsDatabases,
  ensurePgliteTemplate,
} from './template-db.js';

/**
 * Vitest global setup: migrate the template database once for the whole run. On PostgreSQL the run has its
 * own id (FIELDLOT_TEST_RUN_ID, made here for a vitest started by hand; the workers inherit it) and the
 * teardown drops the run's databases, and only those: other runs may share the server (decision 0030).
 */
export default async function setup() {
  const baseUrl = process.env.TEST_DATABASE_URL;
  // The migrations test compares PGlite's shape with PostgreSQL's, so a PostgreSQL run needs the PGlite
  // template too (a run of `vitest run server` on a fresh clone has no earlier PGlite run to have made it).
  await ensurePgliteTemplate();
  if (!baseUrl) return;
  const runId = testRunId();
  const stale = await dropStaleRunDatabases(baseUrl);
  if (stale.length) console.log(`Dropped ${stale.length} database(s) of test runs older than six hours.`);
  await createPostgresTemplate(baseUrl);
  console.log(`PostgreSQL test databases of this run: fieldlot_${runId}_*`);
  return async () => {
    const dropped = await dropThisRunsDatabases(baseUrl);
    console.log(`Dropped this run's ${dropped.length} test database(s) (fieldlot_${runId}_*).`);
  };
}
