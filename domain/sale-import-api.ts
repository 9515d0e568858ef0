/**
 * The admin's "Import sales" routes (docs/product/sale-imports.md): the file is sent as text/csv, previewed (nothing
 * written), then imported. Zod shapes apart from the parser so the parser stays free of zod.
 */
import { z } from 'zod';
import { IMPORT_SOURCES } from './sale-import.js';

/** Files over this are refused whole (413). */
export const SALE_FILE_MAX_BYTES = 50 * 1024 * 1024;
export const SALE_FILE_TOO_LARGE = 'The file is over 50 MB. Split it into smaller files and import each.';
export const SALE_FILE_NOT_CSV =
  'This is not a CSV file. Export the sales as CSV (comma-separated, UTF-8) and try again.';
/** The preview shows this many rows; the problems are all listed up to PROBLEMS_SHOWN_MAX. */
export const PREVIEW_ROWS = 10;
export const PROBLEMS_SHOWN_MAX = 5_000;

export const saleImportQuerySchema = z.object({
  source: z.enum(IMPORT_SOURCES).default('auction'),
  /** A key the browser makes so it can ask how far its import has gone. */
  importId: z.uuid().optional(),
});

const problemSchema = z.object({ row: z.number().int(), column: z.string(), message: z.string() });

export const saleRecordSchema = z.object({
  sourceId: z.string(),
  soldOn: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number().int().nullable(),
  hours: z.number().int().nullable(),
  state: z.string().nullable(),
  priceCents: z.number().int(),
  horsepower: z.number().nullable(),
  sizeClass: z.string().nullable(),
  drive: z.string().nullable(),
  cab: z.string().nullable(),
  transmission: z.string().nullable(),
  loader: z.boolean().nullable(),
  gradeTenths: z.number().int().nullable(),
});

const fileFacts = {
  source: z.enum(IMPORT_SOURCES),
  /** Data rows read (the header not counted). */
  rowsRead: z.number().int(),
  /** Rows that pass every check. */
  goodRows: z.number().int(),
  /** Rows with at least one problem (not imported). */
  badRows: z.number().int(),
  /** Every problem, up to PROBLEMS_SHOWN_MAX; `problemCount` is the full number. */
  problems: z.array(problemSchema),
  problemCount: z.number().int(),
  unknownColumns: z.array(z.string()),
};

export const saleImportPreviewSchema = z.object({
  ...fileFacts,
  firstRows: z.array(saleRecordSchema),
  /** Good rows whose source_id is already recorded for this source: importing them adds nothing. */
  alreadyImported: z.number().int(),
});
export type SaleImportPreview = z.infer<typeof saleImportPreviewSchema>;

export const saleImportResultSchema = z.object({
  ...fileFacts,
  /** New sales written. */
  imported: z.number().int(),
  /** Good rows already recorded (same source and source_id): nothing added for them. */
  alreadyImported: z.number().int(),
});
export type SaleImportResult = z.infer<typeof saleImportResultSchema>;

export const saleImportProgressSchema = z.object({
  rowsDone: z.number().int(),
  rowsTotal: z.number().int(),
  finished: z.boolean(),
});
export type SaleImportProgress = z.infer<typeof saleImportProgressSchema>;
