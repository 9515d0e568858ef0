#!/usr/bin/env node
// `npm run check`: the quick check before a commit (about a minute): typecheck of the four projects, Biome,
// the module boundaries and the tests that need no database. `npm test` runs everything.
import { spawnSync } from 'node:child_process';
import { ensureInstalled, root, runOnPinnedNode } from './runtime.mjs';

process.chdir(root);
ensureInstalled();
await runOnPinnedNode();

const steps = [
  ...['domain', 'web', 'server', 'tsconfig.json'].map((p) => [`typecheck ${p}`, ['tsc', '-p', p]]),
  ['biome', ['biome', 'check', '.']],
  ['boundaries', ['tsx', 'scripts/check-boundaries.ts']],
  ['unit tests without a database', ['vitest', 'run', '--config', 'vitest.quick.config.ts']],
];
const started = Date.now();
const failed = [];
for (const [name, args] of steps) {
  const t = Date.now();
  const r = spawnSync('npx', args, { stdio: 'inherit' });
  console.log(`=== ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t) / 1000).toFixed(1)}s`);
  if (r.status !== 0) failed.push(name);
}
console.log(
  `${failed.length ? `check failed: ${failed.join(', ')}` : 'check passed'} in ${((Date.now() - started) / 1000).toFixed(0)}s`,
);
process.exit(failed.length ? 1 : 0);
