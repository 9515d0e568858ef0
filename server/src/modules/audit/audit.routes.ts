import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuditEntry } from '../../../../domain/admin.js';
import type { AppContext } from '../../lib/context.js';
import { actions, auditPage } from './audit.service.js';

const entry = z.object({
  id: z.number(),
  action: z.string(),
  resourceType: z.string(),
  actorEmail: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
}) satisfies z.ZodType<AuditEntry>;

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
        querystring: z.object({
          action: z.string().trim().max(100).optional(),
          email: z.string().trim().max(254).optional(),
          before: z.coerce.number().int().positive().optional(),
        }),
        response: { 200: z.object({ entries: z.array(entry), nextCursor: z.number().nullable() }) },
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
        response: { 200: z.object({ actions: z.array(z.string()) }) },
      },
    },
    async (req) => ({ actions: await actions(ctx, req.actor()) }),
  );
}
