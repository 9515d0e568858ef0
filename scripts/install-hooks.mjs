#!/usr/bin/env node
// `npm install` runs this (package.json "prepare"): git takes its hooks from scripts/hooks, so `git commit` runs
// `npm run check` on what is staged. It never fails an install: outside a git checkout (an unpacked tarball, a
// container build), without git, or when the repository's hooks are set elsewhere, it leaves git as it is.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './runtime.mjs';

const HOOKS = 'scripts/hooks';
const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });

try {
  const top = git('rev-parse', '--show-toplevel');
  if (top.status !== 0 || path.resolve(top.stdout.trim()) !== path.resolve(root)) process.exit(0);
  const current = git('config', '--get', 'core.hooksPath').stdout.trim();
  if (current === HOOKS) process.exit(0);
  if (current) {
    console.log(
      `git hooks: core.hooksPath is ${current}; ${HOOKS}/pre-commit (npm run check) is not installed`,
    );
    process.exit(0);
  }
  if (git('config', 'core.hooksPath', HOOKS).status === 0)
    console.log(
      'git hooks: pre-commit runs `npm run check` on what is staged (git commit --no-verify skips it)',
    );
} catch {
  // An install goes on without the hook.
}
