import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase, runMigrationsAsOwner } from './db/client.js';
import { acquireEmbeddedLock } from './db/embedded-lock.js';
import { serveBackupRequests } from './db/embedded-snapshot.js';
import { isDatabaseUnavailable } from './db/unavailable.js';
import { FileOffsetClock } from './lib/clock.js';
import { seedDemoData } from './modules/demo/index.js';
import { startDraining } from './modules/health/health.routes.js';
import { ensureConfiguredAdmin } from './modules/users/index.js';
import { startWorkers } from './workers.js';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  if (!config.databaseUrl) {
    try {
      acquireEmbeddedLock(config.dataDir);
    } catch (err) {
      console.error((err as Error).message);
      process.exit(1);
    }
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pg'),
    connectTimeoutMs: config.databaseTimeouts.connectMs,
    statementTimeoutMs: config.databaseTimeouts.statementMs,
  });
  await runMigrationsAsOwner(database, config.databaseOwnerUrl);

  // Test only (browser journeys move the server's time; refused in production by loadConfig).
  const clock = config.testClockFile
    ? new FileOffsetClock(config.testClockFile, (file) => {
        try {
          return readFileSync(file, 'utf8');
        } catch {
          return null;
        }
      })
    : undefined;
  const app = await buildApp({ config, database, clock });
  // Last line of defence (decision 0031): a database outage never ends the process, even from a promise nobody
  // awaited; any other unhandled rejection still does, as Node's default would.
  process.on('unhandledRejection', (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    app.log.warn({ err: reason }, 'unhandled rejection while the database is unavailable');
  });
  const admin = await ensureConfiguredAdmin(app.ctx);
  const demoAbort = new AbortController();
  const demo = config.demo ? await seedDemoData(app.ctx, demoAbort.signal) : null;

  await app.listen({ port: config.port, host: config.host });
  const stopWorkers = config.workers ? startWorkers(app.ctx) : async () => {};
  // `npm run backup` asks the embedded database for a consistent copy with SIGUSR2 (decision 0038).
  if (!config.databaseUrl) serveBackupRequests(database, config.dataDir, app.log);

  console.log(`\n  ${config.brand.name} is running at ${config.publicUrl}\n`);
  if (admin?.generatedPassword)
    console.log(`  Admin sign-in: ${admin.email} / ${admin.generatedPassword} (shown once)`);
  else if (admin && config.adminPassword)
    console.log(`  Admin sign-in: ${admin.email} (password from ADMIN_PASSWORD)`);
  else if (admin)
    console.log(
      `  Admin sign-in: ${admin.email} (password shown at the first start; new one: npm run admin:create -- --email ${admin.email} --password ...)`,
    );
  if (demo) for (const line of demo.signInLines) console.log(`  ${line}`);
  console.log('');
  // Pictures are drawn after the server is up; the line below tells scripts (and e2e) they are all stored.
  void demo?.images.then((count) => {
    if (count > 0 && !demoAbort.signal.aborted) console.log(`  Demo listing images ready (${count})`);
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Readiness answers 503 at once; the server keeps serving for SHUTDOWN_DELAY_SECONDS so a load balancer
    // polling it stops sending requests, then stops accepting, lets in-flight requests finish, stops workers
    // and closes the database. A client that never finishes its request does not hold the process: connections
    // are cut 10 s after accepting stops.
    startDraining(app.ctx);
    demoAbort.abort();
    await new Promise((r) => setTimeout(r, config.shutdownDelaySeconds * 1000));
    setTimeout(() => app.server.closeAllConnections(), 10_000).unref();
    setTimeout(() => {
      console.error('Shutdown took more than 20 s; exiting anyway.');
      process.exit(1);
    }, 20_000).unref();
    await app.close();
    await Promise.all([stopWorkers(), demo?.images]);
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
