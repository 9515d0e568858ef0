/**
 * `npm run bench:export`: how long a big dealership's "Download all our data" ZIP takes to build
 * (docs/product/accounts.md#download-all-our-data, decision 0082). Seeds one dealership with 10,000 offers and 500
 * purchases (each with its invoice, so 500 invoice PDFs) on an embedded database, then times the worker's pass:
 * claim, reads, PDFs, ZIP, storage and the e-mail. Budget: 60 s. It prints the figures; it asserts nothing.
 *
 *   OFFERS=10000 PURCHASES=500 npm run bench:export
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { type App, buildApp } from '../server/src/app.js';
import { testConfig } from '../server/src/config.js';
import { openDatabase, runMigrations } from '../server/src/db/client.js';
import { dataExports, dealershipMembers, dealerships, users } from '../server/src/db/schema.js';
import { systemClock } from '../server/src/lib/clock.js';
import { processExportsOnce } from '../server/src/modules/data-exports/index.js';
import { seedDealershipDeals } from '../server/src/test/fixtures/dealership-deals.js';

const OFFERS = Number(process.env.OFFERS ?? 10_000);
const PURCHASES = Number(process.env.PURCHASES ?? 500);
const BUDGET_S = 60;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fieldlot-export-bench-'));
  const database = await openDatabase({});
  let app: App | undefined;
  try {
    await runMigrations(database);
    app = await buildApp({
      config: testConfig({ dataDir, logLevel: 'silent' }),
      database,
      clock: systemClock,
      serveWeb: false,
    });
    await app.ready();
    const db = app.ctx.db;
    const [owner, seller] = await db
      .insert(users)
      .values([
        { name: 'Bench Owner', email: 'owner@bench.example', companyName: 'Bench Ag', status: 'approved' },
        { name: 'FieldLot Admin', email: 'admin@bench.example', companyName: 'FieldLot', status: 'admin' },
      ])
      .returning({ id: users.id });
    const [dealership] = await db
      .insert(dealerships)
      .values({ name: 'Bench Ag', ownerUserId: owner.id })
      .returning({ id: dealerships.id });
    await db
      .insert(dealershipMembers)
      .values({ userId: owner.id, dealershipId: dealership.id, role: 'owner' });

    let t = performance.now();
    await seedDealershipDeals(app, {
      buyer: { userId: owner.id, dealershipId: dealership.id },
      sellerUserId: seller.id,
      offerCount: OFFERS,
      purchaseCount: PURCHASES,
      prefix: 'BENCH',
    });
    console.log(`seeded ${OFFERS} offers and ${PURCHASES} purchases in ${seconds(performance.now() - t)}`);

    const [queued] = await db
      .insert(dataExports)
      .values({ dealershipId: dealership.id, requestedBy: owner.id })
      .returning({ id: dataExports.id });
    t = performance.now();
    const cpu = process.cpuUsage();
    const built = await processExportsOnce(app.ctx);
    const ms = performance.now() - t;
    const cpuUsed = process.cpuUsage(cpu);
    const [row] = await db.select().from(dataExports).where(eq(dataExports.id, queued.id));
    console.log(
      `export: ${built === 1 ? row.status : 'not built'}, ${((row.sizeBytes ?? 0) / 1_000_000).toFixed(1)} MB ZIP`,
    );
    console.log(
      `built in ${seconds(ms)} (budget ${BUDGET_S} s: ${ms / 1000 <= BUDGET_S ? 'within' : 'OVER'})`,
    );
    // On a shared machine the wall-clock time includes waiting for a core; the process's CPU time does not.
    console.log(
      `cpu ${seconds((cpuUsed.user + cpuUsed.system) / 1000)}, load average ${os.loadavg()[0].toFixed(1)}`,
    );
    console.log(`rss ${(process.memoryUsage().rss / 1_000_000).toFixed(0)} MB`);
  } finally {
    await app?.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
