import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_SERVER_LOG, serverArgs } from '../../scripts/server-args.mjs';
import { dataDirFromTemplate } from '../../server/src/test/data-dir-fixture';
import { freePort } from '../../server/src/test/free-port';
import { ensurePgliteTemplate } from '../../server/src/test/template-db';
import { findChromium } from './chromium';

/** The file in the data folder holding the server's clock offset in milliseconds (support/clock.ts). */
export const TEST_CLOCK_FILE_NAME = 'test-clock-offset-ms';

export const E2E_ADMIN = { email: 'e2e-admin@fieldlot.example', password: 'Harvest-Gold#2024x' };

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    chromium: string;
  }
}

/** Starts the built app (as `npm start` would run it) on a free port and a temporary data folder. */
export default async function setup(project: TestProject) {
  const chromium = findChromium();
  if (!chromium) {
    if (process.env.CI === 'true')
      throw new Error('Chromium not found (CHROME_PATH or /usr/bin/chromium) and CI=true');
    console.warn('Browser tests skipped: no Chromium at CHROME_PATH or /usr/bin/chromium');
  }
  const root = path.resolve(import.meta.dirname, '../..');
  if (!existsSync(path.join(root, 'web/dist/index.html')))
    throw new Error('Build the web app first (npm run build)');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fieldlot-e2e-'));
  // Start from the migrated template instead of creating a database (seconds saved on every run).
  await ensurePgliteTemplate();
  await dataDirFromTemplate(dataDir);
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const server: ChildProcess = spawn(process.execPath, serverArgs(), {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      DATABASE_URL: '',
      DEMO: 'true',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      // Journeys may move the server's clock (support/clock.ts; docs/decisions/0022); the expiry sweep runs every second.
      TEST_CLOCK_FILE: path.join(dataDir, TEST_CLOCK_FILE_NAME),
      OFFER_EXPIRY_SWEEP_SECONDS: '1',
      // The journeys share a few demo dealers, who get more mail in one run than a dealer does in a day: with the
      // product's cap (20 an hour per class) a journey's e-mail waited behind earlier journeys' (seen twice).
      MAIL_RECIPIENT_CAP_FACTOR: '20',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // Kept whole in a file (its warnings and errors; LOG_LEVEL above): a journey that failed on a busy machine is
  // read against what the server said meanwhile (scripts/test.mjs prints the file's tail when journeys fail).
  mkdirSync(path.join(root, '.tmp'), { recursive: true });
  const log = createWriteStream(path.join(root, E2E_SERVER_LOG));
  server.stdout?.on('data', (d) => {
    output += d;
    log.write(d);
  });
  server.stderr?.on('data', (d) => {
    output += d;
    log.write(d);
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`Server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/health/ready`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`Server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  // The demo pictures are drawn in the background after start; journeys expect a real-looking inventory.
  const imagesDeadline = Date.now() + 240_000;
  while (!output.includes('Demo listing images ready')) {
    if (server.exitCode !== null) throw new Error(`Server exited early:\n${output}`);
    if (Date.now() > imagesDeadline) {
      console.warn('Demo listing images still not ready; running the journeys anyway');
      break;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('chromium', chromium ?? '');

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
