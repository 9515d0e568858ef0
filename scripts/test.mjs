#!/usr/bin/env node
// `npm test`: typecheck, lint, unit + API tests (PGlite, then PostgreSQL when TEST_DATABASE_URL is set),
// then build and run the browser journeys. Ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureInstalled, root, runOnPinnedNode } from './runtime.mjs';
import { E2E_SERVER_LOG } from './server-args.mjs';
import { RUN_ID_VARIABLE, testRunId } from './test-databases.mjs';

process.chdir(root);
ensureInstalled();
await runOnPinnedNode();
console.log(`Running on Node ${process.version} (${process.execPath})`);
mkdirSync('.tmp', { recursive: true });
// One run id for every step (the PostgreSQL databases are named after it; .ci/run passes its own).
console.log(`Test run ${testRunId()} (${RUN_ID_VARIABLE})`);

// Each step's limit in minutes, to name a step that hangs. A busy machine is slower than twice the usual time: at a
// load average of 20 on two cores the PGlite step (7.5 minutes on a quiet one) took 24.6, so the limits are about
// six times a quiet run's. .ci/run also limits the whole `npm test`.
const LIMITS = { typecheck: 10, lint: 5, vitest: 45, build: 10, journeys: 90 };

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
// Each failed test with the first line of its error, printed again at the very end: CI keeps only the tail.
const failedTests = [];

function step(name, minutes, cmd, args, env = process.env) {
  console.log(`\n=== ${name} (limit ${minutes} min)`);
  const started = Date.now();
  // npx passes the SIGTERM on to the tool; a step that hangs ends the step, not the whole run.
  const r = spawnSync(cmd, args, { stdio: 'inherit', env, timeout: minutes * 60_000, killSignal: 'SIGTERM' });
  const timedOut = r.error?.code === 'ETIMEDOUT';
  const outcome =
    r.status === 0 ? 'ok' : timedOut ? `TIMED OUT after ${minutes} min` : `FAILED (exit ${r.status})`;
  console.log(`=== ${name}: ${outcome} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  if (r.status !== 0) failures.push(timedOut ? `${name} (timed out)` : name);
  return r.status === 0;
}

function vitest(name, args, env, report, minutes = LIMITS.vitest) {
  rmSync(report, { force: true });
  const ok = step(
    name,
    minutes,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
  );
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    for (const file of r.testResults ?? []) {
      const where = file.name.replace(`${root}/`, '');
      const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failed)
        failedTests.push(`${name}: ${where} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      if (!failed.length && file.status === 'failed')
        failedTests.push(`${name}: ${where}: ${firstLine(file.message)}`);
    }
  } else if (!ok) {
    totals.failed += 1;
  }
  return ok;
}

function firstLine(text = '') {
  return String(text).trim().split('\n')[0].slice(0, 300);
}

const withoutPg = { ...process.env };
delete withoutPg.TEST_DATABASE_URL;

// One project per side: domain (no DOM, no Node types), web (DOM), server (Node), tooling (e2e, scripts).
for (const project of ['domain', 'web', 'server', 'tsconfig.json']) {
  step(`typecheck ${project}`, LIMITS.typecheck, 'npx', ['tsc', '-p', project]);
}
step('lint (biome)', LIMITS.lint, 'npx', ['biome', 'check', '.']);
vitest('unit and API tests on PGlite', [], withoutPg, '.tmp/vitest-pglite.json');
if (process.env.TEST_DATABASE_URL) {
  vitest('API tests on PostgreSQL', ['server'], process.env, '.tmp/vitest-postgres.json');
} else {
  console.log('\n=== API tests on PostgreSQL: skipped (TEST_DATABASE_URL is not set)');
}
if (
  step('build web', LIMITS.build, 'npx', [
    'vite',
    'build',
    '--config',
    'web/vite.config.ts',
    '--logLevel',
    'warn',
  ])
) {
  vitest(
    'browser journeys',
    ['--config', 'e2e/vitest.config.ts'],
    withoutPg,
    '.tmp/vitest-e2e.json',
    LIMITS.journeys,
  );
}

// The journeys' server output (e2e/support/global-setup.ts): what it warned of while a journey failed.
if (failures.includes('browser journeys') && existsSync(E2E_SERVER_LOG)) {
  const lines = readFileSync(E2E_SERVER_LOG, 'utf8').trimEnd().split('\n');
  console.log(
    `\nThe journeys' server said (last ${Math.min(lines.length, 40)} of ${lines.length} lines, ${E2E_SERVER_LOG}):`,
  );
  console.log(
    lines
      .slice(-40)
      .map((l) => l.slice(0, 400))
      .join('\n'),
  );
}
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `- ${t}`).join('\n')}`);
console.log(`\n${failures.length ? `Failed steps: ${failures.join(', ')}` : 'All steps passed.'}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
