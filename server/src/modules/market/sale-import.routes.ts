import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SALE_FILE_MAX_BYTES,
  SALE_FILE_NOT_CSV,
  SALE_FILE_TOO_LARGE,
  saleImportPreviewSchema,
  saleImportProgressSchema,
  saleImportQuerySchema,
  saleImportResultSchema,
} from '../../../../domain/sale-import-api.js';
import { AppError } from '../../lib/app-error.js';
import type { AppContext } from '../../lib/context.js';
import { importSaleFile, previewSaleFile, saleFileText, saleImportProgress } from './sale-import.service.js';

// Spreadsheet programs on Windows label a .csv file application/vnd.ms-excel; the file itself is still checked.
const CSV_TYPES = ['text/csv', 'application/csv', 'application/vnd.ms-excel'];

/** A file over 50 MB is refused whole, before its body is read (docs/product/sale-imports.md#limits). */
async function refuseOversize(req: FastifyRequest) {
  const length = Number(req.headers['content-length'] ?? 0);
  if (length > SALE_FILE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', SALE_FILE_TOO_LARGE);
}

/**
 * A file that is not CSV is refused whole. Checked after the address's own checks, so a bad query string is
 * answered about the query (a 400 naming the field) whatever the body.
 */
async function refuseNonCsv(req: FastifyRequest) {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (!CSV_TYPES.includes(type)) throw new AppError('UNSUPPORTED_MEDIA', SALE_FILE_NOT_CSV);
}

/** The admin's "Import sales" on the Market tab (docs/product/sale-imports.md). */
export async function saleImportRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(async (scope) => {
    // Any other type is read as bytes and refused by refuseNonCsv with our own message, after the query's checks.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      CSV_TYPES,
      { parseAs: 'buffer', bodyLimit: SALE_FILE_MAX_BYTES },
      (_req, body, done) => {
        try {
          done(null, saleFileText(body as Buffer));
        } catch (err) {
          done(err as Error, undefined);
        }
      },
    );
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: SALE_FILE_MAX_BYTES },
      (_req, _body, done) => done(null, undefined),
    );
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const fileBody = z.string().describe('The CSV file, sent as text/csv');

    api.post(
      '/admin/market/sale-imports/preview',
      {
        config: { access: 'admin' },
        bodyLimit: SALE_FILE_MAX_BYTES,
        onRequest: refuseOversize,
        preValidation: refuseNonCsv,
        schema: {
          operationId: 'market.saleImportPreview',
          summary: 'Preview a sale file (text/csv): its first rows and every problem; writes nothing',
          errors: ['VALIDATION', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA'],
          querystring: saleImportQuerySchema,
          body: fileBody,
          response: { 200: saleImportPreviewSchema },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return previewSaleFile(ctx, req.actor(), req.query.source, req.body);
      },
    );

    api.post(
      '/admin/market/sale-imports',
      {
        config: { access: 'admin' },
        bodyLimit: SALE_FILE_MAX_BYTES,
        onRequest: refuseOversize,
        preValidation: refuseNonCsv,
        schema: {
          operationId: 'market.saleImport',
          summary: 'Import the good rows of a sale file (text/csv) in one transaction',
          errors: ['VALIDATION', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA'],
          querystring: saleImportQuerySchema,
          body: fileBody,
          response: { 200: saleImportResultSchema },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return importSaleFile(ctx, req.actor(), req.query.source, req.body, req.query.importId, req.info());
      },
    );
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/admin/market/sale-imports/:importId/progress',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'market.saleImportProgress',
        summary: 'How far an import started from this browser has gone (rows written of the good rows)',
        errors: ['VALIDATION'],
        params: z.object({ importId: z.uuid() }),
        response: { 200: saleImportProgressSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return saleImportProgress(req.actor(), req.params.importId);
    },
  );
}
