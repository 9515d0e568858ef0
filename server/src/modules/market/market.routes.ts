import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminMarketResponseSchema } from '../../../../domain/market.js';
import type { AppContext } from '../../lib/context.js';
import { adminMarket } from './market-charts.service.js';

/** The market charts' routes (docs/product/market.md). */
export async function marketChartsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/admin/market',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'market.admin',
        summary: 'The whole market for the admin charts: sales, fees earned, listings live, offers per day',
        errors: [],
        response: { 200: adminMarketResponseSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return adminMarket(ctx, req.actor());
    },
  );
}
