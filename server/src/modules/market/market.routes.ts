import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  marketFamilyParamsSchema,
  marketIndexResponseSchema,
  valueAnswerSchema,
  valueQuerySchema,
} from '../../../../domain/fieldlot-value-api.js';
import { adminMarketResponseSchema, marketFamilyResponseSchema } from '../../../../domain/market.js';
import { listingIdParams } from '../../../../domain/offers.schemas.js';
import type { AppContext } from '../../lib/context.js';
import { valueForListing, valueForQuery } from './market.service.js';
import { adminMarket, marketFamily, marketIndex } from './market-charts.service.js';
import { saleImportRoutes } from './sale-import.routes.js';
import { startValueCache } from './value-cache.js';

/** The market charts' routes (docs/product/market.md). */
export async function marketChartsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const stopValueCache = await startValueCache(ctx);
  app.addHook('onClose', stopValueCache);
  await saleImportRoutes(app, ctx);

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

  // FieldLot Value (docs/product/fieldlot-value.md): dealers and admins, never visitors; no names in any answer.
  api.get(
    '/market/value',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'market.value',
        summary: 'FieldLot Value and comparables for a tractor given make, model, year and hours',
        errors: ['VALIDATION'],
        querystring: valueQuerySchema,
        response: { 200: valueAnswerSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return valueForQuery(ctx, req.actor(), req.query);
    },
  );

  api.get(
    '/market/listings/:listingId/value',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'market.listingValue',
        summary: 'FieldLot Value, where the asking price stands and comparables for a listing',
        errors: ['NOT_FOUND'],
        params: listingIdParams,
        response: { 200: valueAnswerSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return valueForListing(ctx, req.actor(), req.params.listingId);
    },
  );

  api.get(
    '/market',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'market.index',
        summary: 'The make and model families sold in the last 24 months, most sold first',
        errors: [],
        response: { 200: marketIndexResponseSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return marketIndex(ctx, req.actor());
    },
  );

  api.get(
    '/market/:make/:family',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'market.family',
        summary: 'A model family: sales and median price per month, value vs hours, listings, want-lists',
        errors: ['VALIDATION'],
        params: marketFamilyParamsSchema,
        response: { 200: marketFamilyResponseSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return marketFamily(ctx, req.actor(), req.params.make, req.params.family);
    },
  );
}
