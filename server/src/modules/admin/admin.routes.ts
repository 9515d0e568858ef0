import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminStatsSchema,
  mailTemplatesResponse,
  outboxMessageParams,
  outboxPageResponse,
  outboxQuery,
  renderedOutboxMessageSchema,
  retryResponse,
} from '../../../../domain/admin.js';
import { AppError } from '../../lib/app-error.js';
import type { AppContext } from '../../lib/context.js';
import { outboxPage, renderedMessage, retryMessage, stats } from './admin.service.js';
import { previewTemplates, renderPreview } from './mail-preview.js';

export async function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/admin/stats',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'admin.stats',
        summary: 'Dashboard counts of users by status',
        errors: [],
        response: {
          200: adminStatsSchema,
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return stats(ctx, req.actor());
    },
  );

  api.get(
    '/admin/outbox',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'admin.listOutbox',
        summary: 'Page through the e-mail outbox, newest first',
        errors: [],
        querystring: outboxQuery,
        response: { 200: outboxPageResponse },
      },
    },
    async (req) => outboxPage(ctx, req.actor(), req.query),
  );

  api.get(
    '/admin/outbox/:messageId',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'admin.outboxMessage',
        summary: 'Read one outbox e-mail as rendered (sign-in tokens hidden)',
        errors: ['NOT_FOUND'],
        params: outboxMessageParams,
        response: { 200: renderedOutboxMessageSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return renderedMessage(ctx, req.actor(), req.params.messageId);
    },
  );

  api.post(
    '/admin/outbox/:messageId/retry',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'admin.retryMail',
        summary: 'Queue a failed e-mail for another attempt',
        errors: ['NOT_FOUND', 'CONFLICT'],
        params: outboxMessageParams,
        response: { 200: retryResponse },
      },
    },
    async (req) => {
      await retryMessage(ctx, req.actor(), req.params.messageId, req.info());
      return { queued: true as const };
    },
  );

  api.get(
    '/admin/mail-preview',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'admin.listMailTemplates',
        summary: 'List the e-mail templates that can be previewed',
        errors: [],
        response: { 200: mailTemplatesResponse },
      },
    },
    async () => ({ templates: previewTemplates() }),
  );

  // Renders one template with sample data: the HTML part, or the text part with ?format=text.
  api.get(
    '/admin/mail-preview/:template',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'admin.previewMail',
        summary: 'Render one e-mail template with sample data (HTML, or text)',
        errors: ['NOT_FOUND'],
        params: z.object({ template: z.string().max(100) }),
        // ?format=text for the text part; any other parameter overrides a sample value of the template.
        querystring: z.object({ format: z.enum(['html', 'text']).optional() }).catchall(z.string().max(200)),
        response: {
          200: {
            description: 'The rendered e-mail: its HTML part, or with ?format=text its subject and text part',
            content: { 'text/html': { schema: z.string() }, 'text/plain': { schema: z.string() } },
          },
        },
      },
    },
    async (req, reply) => {
      const { format, ...overrides } = req.query;
      const mail = renderPreview(ctx.config, req.params.template, overrides);
      if (!mail) throw new AppError('NOT_FOUND', 'No such e-mail template');
      reply.header('cache-control', 'no-store');
      if (format === 'text')
        return reply.type('text/plain; charset=utf-8').send(`Subject: ${mail.subject}\n\n${mail.text}`);
      return reply.type('text/html; charset=utf-8').send(mail.html);
    },
  );
}
