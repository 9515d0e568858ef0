// `npm run admin:create -- --email x --password y [--name z]`: creates an administrator (or makes an
// existing account one, with this password) in the configured database: PGlite under DATA_DIR, or DATABASE_URL.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isValidEmail, normalizeEmail } from '../../../domain/email.js';
import { passwordProblem } from '../../../domain/password.js';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase, runMigrationsAsOwner } from '../db/client.js';
import { embeddedDatabaseInUse } from '../db/embedded-lock.js';
import { systemClock } from '../lib/clock.js';
import { createOrPromoteAdmin } from '../modules/users/index.js';

const USAGE = 'Usage: npm run admin:create -- --email <email> --password <password> [--name <name>]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  let args: { email?: string; password?: string; name?: string };
  try {
    args = parseArgs({
      options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
      strict: true,
    }).values;
  } catch (err) {
    fail(`${(err as Error).message}\n${USAGE}`);
  }
  if (!args.email || !args.password) fail(USAGE);
  const email = normalizeEmail(args.email);
  if (!isValidEmail(email)) fail('Please enter a valid email address');
  const problem = passwordProblem(args.password);
  if (problem) fail(problem);

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  const pgliteDir = config.databaseUrl ? undefined : path.join(config.dataDir, 'pg');
  if (pgliteDir && embeddedDatabaseInUse(config.dataDir))
    fail(
      `The server is running on ${config.dataDir}: stop it first (the embedded database has one user at a time).`,
    );

  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir, poolSize: 1 });
  try {
    await runMigrationsAsOwner(database, config.databaseOwnerUrl);
    const result = await createOrPromoteAdmin(
      { db: database.db, clock: systemClock },
      { email, password: args.password, name: args.name?.trim() || 'FieldLot Admin' },
    );
    console.log(`${result.created ? 'Created' : 'Updated'} administrator ${email}`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
