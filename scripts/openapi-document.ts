// `npm run openapi`: prints the OpenAPI document as production serves it at GET /api/docs (production cookie
// names, PUBLIC_URL as the server), without a server, a database file or an admin session.
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { openDatabase } from '../server/src/db/client.js';

const config = loadConfig({
  NODE_ENV: 'production',
  PUBLIC_URL: process.env.PUBLIC_URL || 'https://fieldlot.example',
  // Required by production config; nothing is signed here.
  SESSION_SECRET: 'x'.repeat(32),
  BRAND_NAME: process.env.BRAND_NAME,
  LOG_LEVEL: 'silent',
  WORKERS: 'false',
  DEMO: 'false',
});
const database = await openDatabase({});
const app = await buildApp({ config, database, serveWeb: false });
await app.ready();
process.stdout.write(`${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
await database.close();
