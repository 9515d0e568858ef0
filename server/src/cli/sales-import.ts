// `npm run sales:import -- <file.csv> [--source auction]`: imports recorded sales from a CSV file into the configured
// database (PGlite under DATA_DIR, or DATABASE_URL): docs/product/sale-imports.md. Bad rows are listed and skipped,
// good rows are written in one transaction, a sale already recorded (same source and source_id) adds nothing.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatCount } from '../../../domain/numbers.js';
import { IMPORT_SOURCES, type ImportSource, parseSaleCsv } from '../../../domain/sale-import.js';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase, runMigrationsAsOwner } from '../db/client.js';
import { embeddedDatabaseInUse } from '../db/embedded-lock.js';
import { saleFileText, writeImportedSales } from '../modules/market/index.js';

const USAGE = `Usage: npm run sales:import -- <file.csv> [--source ${IMPORT_SOURCES.join('|')}]`;
const PROBLEMS_PRINTED = 50;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** One progress line, rewritten in place on a terminal, one line per step otherwise. */
function progressLine(text: string, last = false) {
  if (process.stdout.isTTY) process.stdout.write(`\r${text}${last ? '\n' : ''}`);
  else console.log(text);
}

async function main() {
  let parsed: { values: { source?: string }; positionals: string[] };
  try {
    parsed = parseArgs({ options: { source: { type: 'string' } }, allowPositionals: true, strict: true });
  } catch (err) {
    fail(`${(err as Error).message}\n${USAGE}`);
  }
  const file = parsed.positionals[0];
  if (!file || parsed.positionals.length > 1) fail(USAGE);
  const source = (parsed.values.source ?? 'auction') as ImportSource;
  if (!IMPORT_SOURCES.includes(source))
    fail(`Unknown source ${source}: one of ${IMPORT_SOURCES.join(', ')}\n${USAGE}`);

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
      `The server is running on ${config.dataDir}: stop it first (the embedded database has one user at a time), or import from the admin's Market tab.`,
    );

  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  let text: string;
  try {
    text = saleFileText(await readFile(file));
  } catch (err) {
    fail(`Cannot read ${file}: ${(err as Error).message}`);
  }
  const { records, problems, unknownColumns } = parseSaleCsv(text, {
    today: new Date().toISOString().slice(0, 10),
    onProgress: (n) => progressLine(`Reading ${file}: ${formatCount(n)} rows (${seconds()} s)`),
  });
  progressLine(
    `Read ${file}: ${formatCount(records.length)} good rows, ${formatCount(problems.length)} problems`,
    true,
  );
  if (unknownColumns.length > 0) console.log(`Ignored unknown columns: ${unknownColumns.join(', ')}`);
  for (const p of problems.slice(0, PROBLEMS_PRINTED)) {
    console.log(`  row ${p.row}${p.column ? `, ${p.column}` : ''}: ${p.message}`);
  }
  if (problems.length > PROBLEMS_PRINTED) {
    console.log(`  … and ${formatCount(problems.length - PROBLEMS_PRINTED)} more problems`);
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir, poolSize: 1 });
  try {
    await runMigrationsAsOwner(database, config.databaseOwnerUrl);
    const ready = performance.now();
    const written = await writeImportedSales(database.db, source, records, (done, total) =>
      progressLine(`Importing: ${formatCount(done)} of ${formatCount(total)} rows (${seconds()} s)`),
    );
    progressLine(
      `Imported ${formatCount(written.imported)} new ${source} sales; ${formatCount(written.alreadyImported)} already recorded; ${formatCount(problems.length)} problems; ${seconds()} s in all, ${((performance.now() - ready) / 1000).toFixed(1)} s writing`,
      true,
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(`Import failed, nothing was written: ${(err as Error).message}`);
  process.exit(1);
});
