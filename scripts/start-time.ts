// `npm run start:time [-- --tsx]`: builds the server if needed, then starts it twice on a fresh data folder (the
// first start creates and migrates the database, the second is the warm start of a restart or deploy) and prints
// how long each took from spawn to /api/health/ready answering 200. Exits non-zero when it never gets ready
// (decision 0048: the compiled server; the budget is 2 s warm). `--tsx` measures the TypeScript sources under
// tsx instead, for comparison.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from './build-server.mjs';
import { compiledServerArgs, serverArgs } from './server-args.mjs';

const root = path.resolve(import.meta.dirname, '..');
const useTsx = process.argv.includes('--tsx');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function startOnce(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const args: string[] = useTsx ? serverArgs() : compiledServerArgs();
  const server: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: '',
      DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (d) => {
    output += d;
  });
  server.stderr?.on('data', (d) => {
    output += d;
  });
  try {
    for (const deadline = Date.now() + 120_000; ; ) {
      if (server.exitCode !== null) throw new Error(`Server exited early:\n${output}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) {
        const ready = performance.now() - started;
        // Ready and really serving: the inventory answers (the compiled bundle lost no module on the way).
        const page = await fetch(`http://127.0.0.1:${port}/api/listings/public`);
        if (page.status !== 200)
          throw new Error(`GET /api/listings/public answered ${page.status}:\n${output}`);
        return ready;
      }
      if (Date.now() > deadline) throw new Error(`Server not ready:\n${output}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
}

if (!useTsx) await buildServer();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fieldlot-start-time-'));
try {
  const cold = await startOnce(dataDir);
  const warm = await startOnce(dataDir);
  const what = useTsx ? 'server/src/server.ts under tsx' : 'compiled server/dist/server.js';
  console.log(`${what}: ready after ${Math.round(cold)} ms (new database), ${Math.round(warm)} ms (warm)`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
