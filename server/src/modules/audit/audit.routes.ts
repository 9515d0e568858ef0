import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditActionsResponse,
  auditExportQuery,
  auditPageResponse,
  auditQuery,
  auditVerificationResponse,
} from '../../../../domain/admin.js';
import type { AppContext } from '../../lib/context.js';
import { actions, auditPage, exportAudit, verificationStatus } from './audit.service.js';

export async function auditRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/admin/audit',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'audit.list',
        summary: 'Page through the audit log, newest first',
        errors: [],
        querystring: auditQuery,
        response: { 200: auditPageResponse },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { action, email, before } = req.query;
      return auditPage(ctx, req.actor(), {
        action: action || undefined,
        email: email || undefined,
        beforeId: before,
      });
    },
  );

  api.get(
    '/admin/audit/actions',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'audit.listActions',
        summary: 'The audit actions recorded so far (for the filter)',
        errors: [],
        response: { 200: auditActionsResponse },
      },
    },
    async (req) => ({ actions: await actions(ctx, req.actor()) }),
  );

  api.get(
    '/admin/audit/verification',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'audit.verification',
        summary: "The nightly check of the audit log's hash chain: verified through when, or what failed",
        errors: [],
        response: { 200: auditVerificationResponse },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return verificationStatus(ctx, req.actor());
    },
  );

  api.get(
    '/admin/audit/export',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'audit.export',
        summary: "A period's audit rows (UTC days) as CSV or JSON, with the chain's hashes",
        errors: ['VALIDATION'],
        querystring: auditExportQuery,
        response: { 200: z.any().describe('text/csv or application/json (AuditExport)') },
      },
    },
    async (req, reply) => {
      const file = await exportAudit(ctx, req.actor(), req.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
}
