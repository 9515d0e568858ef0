#!/usr/bin/env node
// `npm run check`: the quick check before a commit: typecheck of the four projects, Biome, the module boundaries
// and the tests that need no database, run side by side (each step's output is printed whole when it ends).
// `npm test` runs everything.
// `--staged` checks what is staged instead of the working tree (the pre-commit hook, scripts/hooks/pre-commit):
// the index is written to a temporary folder that borrows this checkout's node_modules.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureInstalled, root, runOnPinnedNode } from './runtime.mjs';

process.chdir(root);
ensureInstalled();
await runOnPinnedNode();

const staged = process.argv.includes('--staged');

// Longest first: with fewer cores than steps, the long ones should not start last.
const steps = [
  ['unit tests without a database', ['vitest', 'run', '--config', 'vitest.quick.config.ts']],
  ...['server', 'tsconfig.json', 'web', 'domain'].map((p) => [`typecheck ${p}`, ['tsc', '-p', p]]),
  // The staged copy is no git checkout; it holds only tracked files, so there is nothing for .gitignore to skip.
  ['biome', ['biome', 'check', ...(staged ? ['--vcs-enabled=false'] : []), '.']],
  ['boundaries', ['tsx', 'scripts/check-boundaries.ts']],
];
// Two per core, at least two (on 2 busy cores, two or four at a time measured the same).
const parallel = Math.max(2, os.availableParallelism() * 2);

/** The index as it would be committed, in a folder of its own; removes itself at exit. */
function stagedCopy() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fieldlot-staged-'));
  const modules = path.join(dir, 'node_modules');
  process.on('exit', () => {
    // The link first, so nothing under the real node_modules is removed.
    try {
      unlinkSync(modules);
    } catch {}
    rmSync(dir, { recursive: true, force: true });
  });
  // Interrupted, it still removes the folder (the 'exit' above).
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
  const r = spawnSync('git', ['checkout-index', '--all', `--prefix=${dir}${path.sep}`], { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('check: could not write the staged files to a temporary folder');
    process.exit(1);
  }
  symlinkSync(path.join(root, 'node_modules'), modules, 'junction');
  return dir;
}

const cwd = staged ? stagedCopy() : root;
const env = { ...process.env };
// A hook runs with git's variables set; the tools below must not take the staged copy for that repository.
for (const name of ['GIT_DIR', 'GIT_INDEX_FILE', 'GIT_WORK_TREE']) delete env[name];
if (process.stdout.isTTY && !('NO_COLOR' in env)) env.FORCE_COLOR = '1';

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)}s`;

/** Runs one step with its output held back, then prints it whole with the step's outcome and time. */
function run([name, args]) {
  return new Promise((resolve) => {
    const started = Date.now();
    const out = [];
    const child = spawn('npx', args, {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    });
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    const done = (ok, why = '') => {
      const text = Buffer.concat(out).toString();
      if (text.trim()) process.stdout.write(`\n--- ${name}\n${text.endsWith('\n') ? text : `${text}\n`}`);
      console.log(`=== ${name}: ${ok ? 'ok' : `FAILED${why}`} in ${seconds(started)}`);
      resolve(ok);
    };
    child.on('error', (err) => done(false, ` (${err.message})`));
    child.on('close', (code) => done(code === 0));
  });
}

const started = Date.now();
console.log(
  `check: ${steps.length} steps, ${parallel} at a time, on ${staged ? 'the staged files' : 'the working tree'}`,
);
const outcomes = new Array(steps.length);
let next = 0;
await Promise.all(
  Array.from({ length: Math.min(parallel, steps.length) }, async () => {
    while (next < steps.length) {
      const i = next++;
      outcomes[i] = await run(steps[i]);
    }
  }),
);
const failed = steps.filter((_, i) => !outcomes[i]).map(([name]) => name);
console.log(
  `${failed.length ? `check failed: ${failed.join(', ')}` : 'check passed'} in ${seconds(started)}`,
);
process.exit(failed.length ? 1 : 0);
