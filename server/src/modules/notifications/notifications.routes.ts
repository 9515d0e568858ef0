import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ALL_BRANDS } from '../../../../domain/brands.js';
import type { AppContext } from '../../lib/context.js';
import {
  checkUnsubscribeToken,
  sendBrandNotifications,
  sendDailyDigest,
  unsubscribe,
} from './notifications.service.js';

const sendResult = z.object({ emailsSent: z.number().int(), message: z.string().optional() });
const tokenSchema = z.string().min(1, 'This unsubscribe link is not valid.').max(200);

export async function notificationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/admin/notifications/brand',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'notifications.sendBrand',
        summary: 'E-mail the followers of a brand about its active listings',
        errors: [],
        body: z.object({
          brand: z
            .string()
            .trim()
            .refine((b) => ALL_BRANDS.some((x) => x.toLowerCase() === b.toLowerCase()), 'Unknown brand')
            .transform((b) => ALL_BRANDS.find((x) => x.toLowerCase() === b.toLowerCase()) as string),
        }),
        response: { 200: sendResult },
      },
    },
    async (req) => sendBrandNotifications(ctx, req.actor(), req.body.brand, req.info()),
  );

  api.post(
    '/admin/notifications/daily',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'notifications.sendDaily',
        summary: 'Send the daily new-listings e-mail now',
        errors: [],
        response: { 200: sendResult },
      },
    },
    async (req) => sendDailyDigest(ctx, req.actor(), req.info()),
  );

  // The e-mailed link opens the page; looking changes nothing (mail scanners open links too).
  api.get(
    '/notifications/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'notifications.checkUnsubscribe',
        summary: 'Check an unsubscribe link token',
        errors: [],
        querystring: z.object({ token: tokenSchema }),
        response: { 200: z.object({ valid: z.boolean() }) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { valid: checkUnsubscribeToken(ctx, req.query.token) };
    },
  );

  // Confirming works without a session: the signed token is the proof.
  api.post(
    '/notifications/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'notifications.unsubscribe',
        summary: 'Stop listing e-mails with the signed link token',
        errors: [],
        body: z.object({ token: tokenSchema }),
        response: { 200: z.object({ unsubscribed: z.literal(true) }) },
      },
    },
    async (req) => {
      await unsubscribe(ctx, req.body.token, req.info());
      return { unsubscribed: true as const };
    },
  );
}
