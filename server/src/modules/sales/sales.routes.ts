import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idempotencyHeaders } from '../../../../domain/offers.schemas.js';
import { parseTimeZone, TIME_ZONE_COOKIE_NAMES } from '../../../../domain/session-cookies.js';
import {
  addLotBody,
  bidAnswerSchema,
  bidBody,
  createSaleBody,
  ifDecisionBody,
  lotHistorySchema,
  lotIdParams,
  lotSchema,
  runListSchema,
  saleIdParams,
  saleListSchema,
  saleSummarySchema,
} from '../../../../domain/timed-sale-api.js';
import type { AppContext } from '../../lib/context.js';
import { addLot, answerIf, bid, createSale, listSales, lotHistory, runList } from './sales.service.js';
import './sales.mail.js';

const noStore = { 'cache-control': 'no-store' };

/** docs/product/timed-sale.md: the weekly Timed Sale. */
export async function salesRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/sales',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'sales.list',
        summary: 'Every Timed Sale, soonest first',
        errors: [],
        response: { 200: saleListSchema },
      },
    },
    async (_req, reply) => reply.headers(noStore).send(await listSales(ctx)),
  );

  api.post(
    '/sales',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'sales.create',
        summary: 'Set up a Timed Sale (admins)',
        errors: ['VALIDATION'],
        body: createSaleBody,
        response: { 201: saleSummarySchema },
      },
    },
    async (req, reply) => reply.code(201).send(await createSale(ctx, req.actor(), req.body, req.info())),
  );

  api.get(
    '/sales/:saleId',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'sales.runList',
        summary: "A sale's run list; visitors see the lots without prices",
        errors: ['NOT_FOUND'],
        params: saleIdParams,
        response: { 200: runListSchema },
      },
    },
    async (req, reply) =>
      reply.headers(noStore).send(await runList(ctx, req.user ? req.actor() : null, req.params.saleId)),
  );

  api.post(
    '/sales/:saleId/lots',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'sales.addLot',
        summary: 'Put a live listing of my own into an upcoming sale',
        errors: ['NOT_FOUND', 'CONFLICT'],
        params: saleIdParams,
        body: addLotBody,
        response: { 201: lotSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await addLot(ctx, req.actor(), req.params.saleId, req.body.listingId, req.info())),
  );

  api.get(
    '/sales/lots/:lotId',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'sales.lot',
        summary: 'A lot with its bid history (Bidder 1, 2...; admins also see who)',
        errors: ['NOT_FOUND'],
        params: lotIdParams,
        response: { 200: lotHistorySchema },
      },
    },
    async (req, reply) => reply.headers(noStore).send(await lotHistory(ctx, req.actor(), req.params.lotId)),
  );

  api.post(
    '/sales/lots/:lotId/bids',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'sales.bid',
        summary: 'Bid the next increment or set a maximum bid (once per Idempotency-Key)',
        errors: ['NOT_FOUND', 'CONFLICT', 'VALIDATION'],
        params: lotIdParams,
        headers: idempotencyHeaders,
        body: bidBody,
        response: { 200: bidAnswerSchema },
      },
    },
    async (req, reply) => {
      const answer = await bid(
        ctx,
        req.actor(),
        req.params.lotId,
        req.body,
        req.headers['idempotency-key'],
        req.info(),
        // The refusal's close time in the dealer's zone, as the page shows it (the sale's when unknown).
        parseTimeZone(TIME_ZONE_COOKIE_NAMES.map((name) => req.cookies[name]).find(Boolean)),
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return answer;
    },
  );

  api.post(
    '/sales/lots/:lotId/if',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'sales.answerIf',
        summary: 'Accept the high bid under my reserve, or let it go',
        errors: ['NOT_FOUND', 'CONFLICT'],
        params: lotIdParams,
        body: ifDecisionBody,
        response: { 200: lotSchema },
      },
    },
    async (req) => answerIf(ctx, req.actor(), req.params.lotId, req.body.accept, req.info()),
  );
}
