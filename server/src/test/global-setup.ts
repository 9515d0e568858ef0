import { ensurePgliteTemplate, ensurePostgresTemplate } from './template-db.js';

/** Vitest global setup: migrate the template database once for the whole run. */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) await ensurePostgresTemplate(process.env.TEST_DATABASE_URL);
  else await ensurePgliteTemplate();
}
