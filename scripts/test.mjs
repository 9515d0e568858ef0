#!/usr/bin/env node
// `npm test`: typecheck, lint, unit + API tests (PGlite, then PostgreSQL when TEST_DATABASE_URL is set),
// then build and run the browser journeys. Ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureInstalled, root, runOnPinnedNode } from './runtime.mjs';

process.chdir(root);
ensureInstalled();
await runOnPinnedNode();
console.log(`Running on Node ${process.version} (${process.execPath})`);
mkdirSync('.tmp', { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function step(name, cmd, args, env = process.env) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  console.log(
    `=== ${name}: ${r.status === 0 ? 'ok' : `FAILED (exit ${r.status})`} in ${((Date.now() - started) / 1000).toFixed(1)}s`,
  );
  if (r.status !== 0) failures.push(name);
  return r.status === 0;
}

function vitest(name, args, env, report) {
  rmSync(report, { force: true });
  const ok = step(
    name,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
  );
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  } else if (!ok) {
    totals.failed += 1;
  }
  return ok;
}

const withoutPg = { ...process.env };
delete withoutPg.TEST_DATABASE_URL;

// One project per side: domain (no DOM, no Node types), web (DOM), server (Node), tooling (e2e, scripts).
for (const project of ['domain', 'web', 'server', 'tsconfig.json']) {
  step(`typecheck ${project}`, 'npx', ['tsc', '-p', project]);
}
step('lint (biome)', 'npx', ['biome', 'check', '.']);
vitest('unit and API tests on PGlite', [], withoutPg, '.tmp/vitest-pglite.json');
if (process.env.TEST_DATABASE_URL) {
  vitest('API tests on PostgreSQL', ['server'], process.env, '.tmp/vitest-postgres.json');
} else {
  console.log('\n=== API tests on PostgreSQL: skipped (TEST_DATABASE_URL is not set)');
}
if (step('build web', 'npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'])) {
  vitest('browser journeys', ['--config', 'e2e/vitest.config.ts'], withoutPg, '.tmp/vitest-e2e.json');
}

console.log(`\n${failures.length ? `Failed steps: ${failures.join(', ')}` : 'All steps passed.'}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
