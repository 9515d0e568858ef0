#!/usr/bin/env node
// `npm start`: install if needed, build the web app if needed, then run the server (PGlite in ./data by default).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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

if (
  !existsSync('node_modules/.package-lock.json') ||
  mtime('node_modules/.package-lock.json') < mtime('package-lock.json')
) {
  console.log('Installing dependencies...');
  run('npm', ['install', '--no-audit', '--no-fund']);
}

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

const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
