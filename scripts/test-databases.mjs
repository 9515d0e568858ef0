// Names of the databases the tests create on a PostgreSQL server that other runs (other people's CI) share,
// and their clean-up (docs/decisions/0030-test-databases-per-run.md). Every run names its databases
// `fieldlot_<run id>_...` and drops only those; a crashed run's leftovers go once they are clearly stale.
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';

/** The variable that hands the run id from `npm test` / .ci/run to vitest, its workers and the cluster test. */
export const RUN_ID_VARIABLE = 'FIELDLOT_TEST_RUN_ID';

/** A run's databases older than this are a crashed run's leftovers (a whole CI run stays under 30 minutes). */
export const STALE_AFTER_MS = 6 * 60 * 60 * 1000;

// `r`, the run's start in seconds (base 36, 7 digits), 6 random base-36 digits: lower case, no `_`, no quoting trouble.
const RUN_ID = /^r([0-9a-z]{7})[0-9a-z]{6}$/;
const OUR_NAME = /^fieldlot_r([0-9a-z]{7})[0-9a-z]{6}_/;

export function newRunId(now = Date.now()) {
  const started = Math.floor(now / 1000)
    .toString(36)
    .padStart(7, '0');
  const random = [...randomBytes(6)].map((b) => (b % 36).toString(36)).join('');
  return `r${started}${random}`;
}

/**
 * This run's id: the one in the environment, else a new one put there, so that every child process started
 * afterwards (vitest workers, servers) shares it.
 */
export function testRunId() {
  let id = process.env[RUN_ID_VARIABLE];
  if (!id) {
    id = newRunId();
    process.env[RUN_ID_VARIABLE] = id;
  }
  if (!RUN_ID.test(id))
    throw new Error(
      `${RUN_ID_VARIABLE}=${id} is not a run id (make one: node scripts/test-databases.mjs run-id)`,
    );
  return id;
}

/** Every database of the run starts with this. */
export function runPrefix(runId = testRunId()) {
  return `fieldlot_${runId}_`;
}

/** A database name for this run: `fieldlot_<run id>_<kind>[_<pid>_<random>]`. */
export function runDatabaseName(kind, { unique = true } = {}) {
  const suffix = unique ? `_${process.pid}_${randomBytes(4).toString('hex')}` : '';
  return `${runPrefix()}${kind}${suffix}`;
}

/** When the run that named `datname` started, or null when the name is not one of ours. */
export function runStartedAt(datname) {
  const m = OUR_NAME.exec(datname);
  return m ? Number.parseInt(m[1], 36) * 1000 : null;
}

export function isStale(datname, now = Date.now()) {
  const started = runStartedAt(datname);
  return started !== null && now - started > STALE_AFTER_MS;
}

async function dropAll(client, names) {
  for (const name of names) await client.query(`drop database if exists "${name}" with (force)`);
  return names;
}

async function databaseNames(client) {
  const { rows } = await client.query(
    "select datname from pg_database where left(datname, 9) = 'fieldlot_' order by datname",
  );
  return rows.map((r) => r.datname);
}

/** Drops the run's databases (every name with its prefix); `client` is connected to another database. */
export async function dropRunDatabases(client, runId = testRunId()) {
  const prefix = runPrefix(runId);
  return dropAll(
    client,
    (await databaseNames(client)).filter((n) => n.startsWith(prefix)),
  );
}

/** Drops the databases of runs that started more than STALE_AFTER_MS ago; anything else is left alone. */
export async function dropStaleDatabases(client, now = Date.now()) {
  return dropAll(
    client,
    (await databaseNames(client)).filter((n) => isStale(n, now)),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv[2] === 'run-id') console.log(newRunId());
  else {
    console.error('usage: node scripts/test-databases.mjs run-id');
    process.exit(2);
  }
}
