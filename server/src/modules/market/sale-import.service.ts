import { modelFamily } from '../../../../domain/fieldlot-value.js';
import {
  type ImportSource,
  parseSaleCsv,
  type SaleCsvResult,
  type SaleRecord,
} from '../../../../domain/sale-import.js';
import {
  PREVIEW_ROWS,
  PROBLEMS_SHOWN_MAX,
  SALE_FILE_NOT_CSV,
  type SaleImportPreview,
  type SaleImportProgress,
  type SaleImportResult,
} from '../../../../domain/sale-import-api.js';
import type { Executor } from '../../db/client.js';
import { requireRole } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import { countKnownSourceIds, insertImportedSales } from './market.repository.js';
import { valueCache } from './value-cache.js';

/** Rows per INSERT (one JSON parameter each): a progress step every few thousand rows. */
export const IMPORT_BATCH_ROWS = 5_000;

/**
 * Writes the good records of a sale file in ONE transaction (docs/product/sale-imports.md#nothing-half-written):
 * a failure anywhere leaves no row of the file. A record already recorded under the source and source_id adds
 * nothing, so re-running a file is safe. `onProgress` hears the rows written so far after each batch.
 */
export async function writeImportedSales(
  db: Executor,
  source: ImportSource,
  records: readonly SaleRecord[],
  onProgress?: (rowsDone: number, rowsTotal: number) => void,
  beforeCommit?: (tx: Executor, written: ImportCounts) => Promise<void>,
): Promise<ImportCounts> {
  return db.transaction(async (tx) => {
    let imported = 0;
    for (let i = 0; i < records.length; i += IMPORT_BATCH_ROWS) {
      const batch = records
        .slice(i, i + IMPORT_BATCH_ROWS)
        .map((r) => ({ ...r, family: modelFamily(r.model) }));
      imported += await insertImportedSales(tx, source, batch);
      onProgress?.(Math.min(i + IMPORT_BATCH_ROWS, records.length), records.length);
    }
    const written = { imported, alreadyImported: records.length - imported };
    await beforeCommit?.(tx, written);
    return written;
  });
}

export interface ImportCounts {
  imported: number;
  alreadyImported: number;
}

/** A sale file's text, or 415 when it is not text (a spreadsheet, an image, a zip renamed .csv). */
export function saleFileText(body: Buffer | string): string {
  if (typeof body === 'string') return body;
  if (body.includes(0)) throw new AppError('UNSUPPORTED_MEDIA', SALE_FILE_NOT_CSV);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA', SALE_FILE_NOT_CSV);
  }
}

function readFile(ctx: AppContext, text: string): SaleCsvResult & { rowsRead: number; badRows: number } {
  let rowsRead = 0;
  const parsed = parseSaleCsv(text, {
    today: ctx.clock.now().toISOString().slice(0, 10),
    onProgress: (n) => {
      rowsRead = n;
    },
  });
  const badRows = new Set(parsed.problems.filter((p) => p.row > 1).map((p) => p.row)).size;
  return { ...parsed, rowsRead, badRows };
}

function fileFacts(source: ImportSource, file: ReturnType<typeof readFile>) {
  return {
    source,
    rowsRead: file.rowsRead,
    goodRows: file.records.length,
    badRows: file.badRows,
    problems: file.problems.slice(0, PROBLEMS_SHOWN_MAX),
    problemCount: file.problems.length,
    unknownColumns: file.unknownColumns,
  };
}

/** What importing the file would do, writing nothing: its first rows, every problem, what is already recorded. */
export async function previewSaleFile(
  ctx: AppContext,
  actor: Actor,
  source: ImportSource,
  text: string,
): Promise<SaleImportPreview> {
  requireRole(actor, 'admin');
  const file = readFile(ctx, text);
  return {
    ...fileFacts(source, file),
    firstRows: file.records.slice(0, PREVIEW_ROWS),
    alreadyImported: await countKnownSourceIds(
      ctx.db,
      source,
      file.records.map((r) => r.sourceId),
    ),
  };
}

// How far each running import has gone, for the admin's progress bar. In this process only: on several instances a
// poll may reach another one and hear nothing, and the bar then waits for the import's answer.
const progress = new Map<string, SaleImportProgress>();
const progressKey = (actor: Actor, importId: string) => `${actor.userId}|${importId}`;

export function saleImportProgress(actor: Actor, importId: string): SaleImportProgress {
  requireRole(actor, 'admin');
  return progress.get(progressKey(actor, importId)) ?? { rowsDone: 0, rowsTotal: 0, finished: false };
}

/** Imports the file's good rows (bad ones are reported and skipped), in one transaction; audited. */
export async function importSaleFile(
  ctx: AppContext,
  actor: Actor,
  source: ImportSource,
  text: string,
  importId: string | undefined,
  request: RequestInfo,
): Promise<SaleImportResult> {
  requireRole(actor, 'admin');
  const file = readFile(ctx, text);
  const key = importId ? progressKey(actor, importId) : null;
  const report = (rowsDone: number, rowsTotal: number, finished = false) => {
    if (key) progress.set(key, { rowsDone, rowsTotal, finished });
  };
  report(0, file.records.length);
  try {
    const written = await writeImportedSales(ctx.db, source, file.records, report, (tx, counts) =>
      audit(tx, {
        action: 'market.sales_imported',
        resourceType: 'market',
        actorUserId: actor.userId,
        actorEmail: actor.email,
        details: { source, rowsRead: file.rowsRead, ...counts, badRows: file.badRows },
        request,
      }),
    );
    report(file.records.length, file.records.length, true);
    // This instance answers from the new sales at once; the database's notice, which drops the other instances'
    // fitted model, may reach this one after its next answer (a loaded machine showed the old model here).
    valueCache(ctx).drop();
    return { ...fileFacts(source, file), ...written };
  } catch (err) {
    report(0, file.records.length, true);
    throw err;
  } finally {
    if (key) setTimeout(() => progress.delete(key), 60_000).unref();
  }
}
