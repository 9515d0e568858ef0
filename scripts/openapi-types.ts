// `npm run openapi:types`: regenerates web/src/lib/api-types.gen.ts from the routes' OpenAPI document, without a
// server or a database file. The OpenAPI test fails while the committed file differs from what this writes.
import { writeFile } from 'node:fs/promises';
import { buildApp } from '../server/src/app.js';
import { testConfig } from '../server/src/config.js';
import { openDatabase } from '../server/src/db/client.js';
import { API_TYPES_FILE, apiTypesSource } from '../server/src/openapi/api-types.js';

// The test's configuration, so the file matches the document the OpenAPI test reads.
const config = testConfig({ publicUrl: 'http://localhost:3000' });
const database = await openDatabase({});
const app = await buildApp({ config, database, serveWeb: false });
await app.ready();
await writeFile(API_TYPES_FILE, await apiTypesSource(app.swagger()));
await app.close();
await database.close();
process.stdout.write(`wrote ${API_TYPES_FILE.pathname}\n`);
