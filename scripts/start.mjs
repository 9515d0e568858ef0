#!/usr/bin/env node
// `npm start`: install if needed, continue on the pinned Node 24, build the web app and the compiled server if
// needed, then run the compiled server (PGlite in ./data by default; decision 0048).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ensureInstalled, root, runOnPinnedNode } from './runtime.mjs';
import { compiledServerArgs } from './server-args.mjs';

process.chdir(root);

const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);
function newest(dir) {
  let max = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : mtime(p));
  }
  return max;
}
function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

ensureInstalled();
await runOnPinnedNode();
console.log(`Running on Node ${process.version}`);

const builtAt = mtime('web/dist/index.html');
const sourcesAt = Math.max(
  newest('web/src'),
  newest('domain'),
  mtime('web/index.html'),
  mtime('web/vite.config.ts'),
  newest('web/public'),
);
if (builtAt < sourcesAt) {
  console.log('Building the web app...');
  run('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);
}

// Imported here, not above: esbuild comes with the dependencies ensureInstalled may have just installed.
const { buildServer, SERVER_BUNDLE } = await import('./build-server.mjs');
if (mtime(SERVER_BUNDLE) < Math.max(newest('server/src'), newest('domain'))) {
  console.log('Building the server...');
  await buildServer();
}

const child = spawn(process.execPath, compiledServerArgs(), {
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
