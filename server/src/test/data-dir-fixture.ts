import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/client.js';
import { pgliteTemplatePath } from './template-db.js';

/** Tests that spawn the real server: a DATA_DIR whose embedded database is a copy of the migrated template. */
export async function dataDirFromTemplate(dataDir: string): Promise<void> {
  const dump = new Blob([readFileSync(pgliteTemplatePath())]);
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pg'), loadDataDir: dump });
  await database.close();
}
