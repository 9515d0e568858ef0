#!/usr/bin/env node
// Keeps the CPU busy, to run tests the way a loaded CI machine runs them (docs/testing-under-load.md):
//   node scripts/cpu-load.mjs [--workers N] [--seconds S] [-- command args...]
// N busy worker threads (default: one per core) for S seconds (default 600), or, given a command, for as long
// as the command runs (its exit status is ours). The load also stops when the process that started it ends.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { isMainThread, Worker } from 'node:worker_threads';

if (!isMainThread) {
  // A busy loop that never yields: one thread keeps one core busy.
  let x = 0;
  for (;;) x = (x + Math.sqrt(x + 1)) % 1e9;
}

const args = process.argv.slice(2);
const dash = args.indexOf('--');
const options = dash === -1 ? args : args.slice(0, dash);
const command = dash === -1 ? [] : args.slice(dash + 1);
function option(name, fallback) {
  const i = options.indexOf(name);
  if (i === -1) return fallback;
  const value = Number(options[i + 1]);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`cpu-load: ${name} needs a positive number`);
    process.exit(2);
  }
  return value;
}
const workers = Math.round(option('--workers', os.availableParallelism()));
const seconds = option('--seconds', 600);

for (let i = 0; i < workers; i++) new Worker(new URL(import.meta.url)).unref();
console.error(
  `cpu-load: ${workers} busy thread(s)${command.length ? ` while ${command.join(' ')} runs` : ` for ${seconds}s`}`,
);

const stop = (code) => process.exit(code);
setTimeout(() => stop(command.length ? 1 : 0), seconds * 1000).unref();
// Orphaned (its parent ended without stopping it): stop too, never load a machine nobody watches.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && stop(0), 1000);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(0));

if (command.length) {
  const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
  child.on('exit', (code, signal) => stop(code ?? (signal ? 1 : 0)));
  child.on('error', (err) => {
    console.error(`cpu-load: ${err.message}`);
    stop(1);
  });
}
