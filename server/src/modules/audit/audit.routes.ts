import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActionsResponse, auditPageResponse, auditQuery } from '../../../../domain/admin.js';
import type { AppContext } from '../../lib/context.js';
import { actions, auditPage } from './audit.service.js';

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
}
