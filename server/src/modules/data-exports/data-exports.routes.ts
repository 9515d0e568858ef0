import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataExportDownloadBody,
  dataExportResponse,
  dataExportView,
} from '../../../../domain/data-exports.js';
import type { AppContext } from '../../lib/context.js';
import './data-exports.mail.js';
import * as service from './data-exports.service.js';

/** docs/product/accounts.md#download-all-our-data */
export async function dataExportsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const noStore = { 'cache-control': 'private, no-store' };

  api.get(
    '/data-exports/latest',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'exports.latest',
        summary: "The dealership's latest data download and its state (owner only)",
        errors: ['FORBIDDEN', 'NOT_FOUND'],
        response: { 200: dataExportResponse },
      },
    },
    async (req, reply) => {
      reply.headers(noStore);
      return { export: await service.latestExport(ctx, req.actor()) };
    },
  );

  api.post(
    '/data-exports',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'exports.request',
        summary: "Ask for a ZIP of all the dealership's data, e-mailed as a single-use link (owner only)",
        errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'RATE_LIMITED'],
        response: { 202: z.object({ export: dataExportView }) },
      },
    },
    async (req, reply) => {
      const view = await service.requestExport(ctx, req.actor(), req.info());
      reply.code(202);
      return { export: view };
    },
  );

  api.post(
    '/data-exports/download',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'exports.download',
        summary: 'The ZIP behind an e-mailed link; the link works once, within 7 days',
        errors: ['VALIDATION', 'NOT_FOUND'],
        body: dataExportDownloadBody,
        response: { 200: z.any().describe('application/zip') },
      },
    },
    async (req, reply) => {
      const file = await service.downloadExport(ctx, req.body.token, req.info());
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  );
}
