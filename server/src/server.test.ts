import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDirFromTemplate } from './test/data-dir-fixture.js';
import { freePort } from './test/free-port.js';
import {
  createDatabaseFromTemplate,
  dbUrl,
  dropDatabase,
  ensurePostgresTemplate,
} from './test/template-db.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Proc {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

/** Runs a TypeScript entry point the way `npm start` does, with only the given environment. */
function run(entry: string, env: Record<string, string>, args: string[] = []): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exit };
}

async function waitReady(url: string, proc: Proc) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`server exited:\n${proc.output()}`);
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`server did not start:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const PG_URL = process.env.TEST_DATABASE_URL;
// Spawning processes is slow: give them room, and run the process tests once (on the embedded database).
const SLOW = 120_000;

describe.skipIf(PG_URL)('the server process', () => {
  let dataDir: string;
  let port: number;
  let env: Record<string, string>;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'fieldlot-server-'));
    await dataDirFromTemplate(dataDir);
    port = await freePort();
    env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'boot-admin@example.com',
      ADMIN_PASSWORD: 'Harvest-Gold#2024x',
    };
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('stops with one line naming the variable when the configuration is invalid', {
    timeout: SLOW,
  }, async () => {
    const proc = run('server/src/server.ts', { ...env, PORT: 'abc' });
    expect(await proc.exit).toBe(1);
    const lines = proc.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid environment variable PORT: /);
  });

  it('finishes an in-flight request on SIGTERM, then exits 0; a second server on the same data is refused', {
    timeout: SLOW,
  }, async () => {
    const url = `http://127.0.0.1:${port}`;
    const server = run('server/src/server.ts', env);
    try {
      await waitReady(url, server);
      expect(server.output()).toContain('Admin sign-in: boot-admin@example.com');

      // The embedded database belongs to one process.
      const second = run('server/src/server.ts', { ...env, PORT: String(await freePort()) });
      expect(await second.exit).toBe(1);
      expect(second.output()).toMatch(/Another server \(pid \d+\) is using/);

      // A request whose body is still arriving when SIGTERM comes.
      const body = JSON.stringify({ note: 'slow upload' });
      const response = new Promise<number>((resolve, reject) => {
        const req = http.request(
          `${url}/api/no-such-route`,
          { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': body.length } },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, 5));
        setTimeout(() => {
          server.child.kill('SIGTERM');
          setTimeout(() => req.end(body.slice(5)), 700);
        }, 300);
      });
      expect(await response).toBe(404);
      expect(await server.exit).toBe(0);
      // New connections are refused once it has stopped.
      await expect(fetch(`${url}/api/health/live`)).rejects.toThrow();
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  });
});

describe('npm run admin:create', () => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    if (PG_URL) {
      const name = await createDatabaseFromTemplate(PG_URL, await ensurePostgresTemplate(PG_URL));
      env = { DATABASE_URL: dbUrl(PG_URL, name), DEMO: 'false' };
      cleanup = () => dropDatabase(PG_URL, name);
    } else {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fieldlot-cli-'));
      await dataDirFromTemplate(dataDir);
      env = { DATA_DIR: dataDir, DEMO: 'false' };
      cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
    }
  });
  afterAll(() => cleanup());

  it('creates an administrator from the command line, with the domain password rules', {
    timeout: SLOW,
  }, async () => {
    const weak = run('server/src/cli/admin-create.ts', env, [
      '--email',
      'ops@example.com',
      '--password',
      'short',
    ]);
    expect(await weak.exit).toBe(1);
    expect(weak.output()).toContain('Password must be at least 12 characters');

    const missing = run('server/src/cli/admin-create.ts', env, ['--email', 'ops@example.com']);
    expect(await missing.exit).toBe(1);
    expect(missing.output()).toContain('Usage: npm run admin:create');

    const ok = run('server/src/cli/admin-create.ts', env, [
      '--email',
      'Ops@Example.com',
      '--password',
      'Combine-Harvest#77x',
      '--name',
      'Olive Ops',
    ]);
    expect(await ok.exit).toBe(0);
    expect(ok.output()).toContain('Created administrator ops@example.com');

    const again = run('server/src/cli/admin-create.ts', env, [
      '--email',
      'ops@example.com',
      '--password',
      'Combine-Harvest#78x',
    ]);
    expect(await again.exit).toBe(0);
    expect(again.output()).toContain('Updated administrator ops@example.com');
  });
});
