// `npm run audit:verify [-- --from <iso> --to <iso>]`: recomputes the audit log's hash chain in the configured database
// (PGlite under DATA_DIR, or DATABASE_URL) and names the first row that was changed, removed or inserted out of order.
// Exit 0 when the chain is intact, 1 when it is not, 2 on a usage or configuration error
// (docs/product/security.md#audit-log, decision 0081).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase, runMigrationsAsOwner } from '../db/client.js';
import { embeddedDatabaseInUse } from '../db/embedded-lock.js';
import { verifyAuditChain } from '../modules/audit/index.js';

const USAGE = 'Usage: npm run audit:verify [-- --from <iso date or time> --to <iso date or time>]';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function parseTime(label: string, value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const d = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(d.getTime()))
    fail(`--${label}: "${value}" is not an ISO date or time\n${USAGE}`);
  return d;
}

async function main() {
  let args: { from?: string; to?: string };
  try {
    args = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } }, strict: true }).values;
  } catch (err) {
    fail(`${(err as Error).message}\n${USAGE}`);
  }
  const from = parseTime('from', args.from);
  const to = parseTime('to', args.to);
  if (from && to && from >= to) fail('--from must be before --to');

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
  let ok = false;
  try {
    await runMigrationsAsOwner(database, config.databaseOwnerUrl);
    const result = await verifyAuditChain(database.db, { from, to });
    const span =
      result.firstSeq == null ? 'no rows' : `chain positions ${result.firstSeq} to ${result.lastSeq}`;
    if (result.ok) {
      console.log(
        `Audit chain intact: ${result.rowsChecked} rows (${span})${result.throughAt ? `, verified through ${result.throughAt}` : ''}.`,
      );
      if (result.headHash) console.log(`Last row's hash: ${result.headHash}`);
      ok = true;
    } else {
      console.log(
        `Audit chain BROKEN: ${result.problems.length} problem(s) in ${result.rowsChecked} rows (${span}).`,
      );
      console.log(`First: ${result.problems[0].message}`);
      for (const p of result.problems) console.log(`- [${p.kind}] ${p.message}`);
    }
  } finally {
    await database.close();
  }
  process.exit(ok ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
