import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ledgerMoneyBody,
  moneyRangeQuery,
  moneyViewSchema,
  payoutBody,
  purchaseLedgerSchema,
} from '../../../../domain/ledger-api.js';
import { idempotencyHeaders } from '../../../../domain/offers.schemas.js';
import {
  adminPurchaseQuery,
  claimAnswerBody,
  handoverBody,
  logisticsBody,
  paymentBody,
  purchaseCountsSchema,
  purchaseIdParams,
  purchaseListSchema,
  purchaseSchema,
  reasonBody,
  titleReceivedBody,
  titleSentBody,
} from '../../../../domain/purchases-api.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import * as service from './purchases.service.js';

const tags = ['purchases'];

/** docs/product/purchases.md: the admin's Purchases tab, its steps, the ledger and the money view. */
export async function purchasesAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/admin/purchases',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Every purchase, filtered by status or overdue; overdue first',
        operationId: 'purchases.adminList',
        errors: ['VALIDATION'],
        tags,
        querystring: adminPurchaseQuery,
        response: { 200: purchaseListSchema },
      },
    },
    async (req) => ({ items: await service.adminPurchases(ctx, req.actor(), req.query.status) }),
  );

  api.get(
    '/admin/purchases/counts',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Purchase counts for the dashboard',
        operationId: 'purchases.counts',
        errors: [],
        tags,
        response: { 200: purchaseCountsSchema },
      },
    },
    async (req) => service.purchaseCounts(ctx, req.actor()),
  );

  api.get(
    '/admin/purchases/:purchaseId/ledger',
    {
      config: { access: 'admin' },
      schema: {
        summary: "A purchase's ledger: entries in date order with running balances",
        operationId: 'purchases.ledger',
        errors: ['NOT_FOUND', 'VALIDATION'],
        tags,
        params: purchaseIdParams,
        response: { 200: purchaseLedgerSchema },
      },
    },
    async (req) => service.purchaseLedger(ctx, req.actor(), req.params.purchaseId),
  );

  api.get(
    '/admin/money',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Money over a date range: flows, fees, credits and what is owed at its end',
        operationId: 'purchases.moneyView',
        errors: ['VALIDATION'],
        tags,
        querystring: moneyRangeQuery,
        response: { 200: moneyViewSchema },
      },
    },
    async (req) => service.moneyView(ctx, req.actor(), req.query),
  );

  api.get(
    '/admin/money.csv',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'The ledger entries of a date range as CSV',
        operationId: 'purchases.moneyCsv',
        errors: ['VALIDATION'],
        tags,
        querystring: moneyRangeQuery,
        response: { 200: z.any().describe('text/csv') },
      },
    },
    async (req, reply) => {
      const csv = await service.moneyCsv(ctx, req.actor(), req.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="fieldlot-money-${req.query.from}-to-${req.query.to}.csv"`,
        )
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  // `money`: the step posts ledger entries, so it takes an Idempotency-Key (docs/product/purchases.md#exactly-once):
  // the same key and body again answers the first result; the same key with another body is 409.
  const adminPost = <B extends z.ZodType>(
    path: string,
    operationId: string,
    summary: string,
    body: B,
    run: (
      id: string,
      body: z.infer<B>,
      actor: Actor,
      request: RequestInfo,
      requestKey: string | undefined,
    ) => Promise<unknown>,
    money = false,
  ) =>
    app.post(
      `/admin/purchases/:purchaseId/${path}`,
      {
        config: { access: 'admin' },
        schema: {
          summary,
          operationId: `purchases.${operationId}`,
          errors: ['NOT_FOUND', 'VALIDATION', 'CONFLICT'],
          tags,
          params: purchaseIdParams,
          ...(money ? { headers: idempotencyHeaders } : {}),
          body,
          response: { 200: purchaseSchema },
        },
      },
      async (req) =>
        run(
          (req.params as { purchaseId: string }).purchaseId,
          req.body as z.infer<B>,
          req.actor(),
          req.info(),
          money ? (req.headers as z.infer<typeof idempotencyHeaders>)['idempotency-key'] : undefined,
        ),
    );

  adminPost(
    'payments',
    'recordPayment',
    'Record a payment (amount, method, reference, date)',
    paymentBody,
    (id, b, a, r, k) => service.recordPayment(ctx, a, id, b, r, k),
    true,
  );
  adminPost(
    'release',
    'release',
    'Release the tractor: gate pass with a release code',
    z.object({}).optional(),
    (id, _b, a, r) => service.release(ctx, a, id, r),
  );
  adminPost(
    'logistics',
    'logistics',
    'Record the carrier, pickup and delivery dates',
    logisticsBody,
    (id, b, a, r) => service.recordLogistics(ctx, a, id, b, r),
  );
  adminPost(
    'picked-up',
    'pickedUp',
    'Record the pickup (the guarantee window starts)',
    handoverBody,
    (id, b, a, r) => service.recordHandover(ctx, a, id, 'pickup', b.date, r),
  );
  adminPost(
    'delivered',
    'delivered',
    'Record the delivery (the guarantee window starts)',
    handoverBody,
    (id, b, a, r) => service.recordHandover(ctx, a, id, 'deliver', b.date, r),
  );
  adminPost(
    'title-received',
    'titleReceived',
    'Record the title as received from the seller',
    titleReceivedBody,
    (id, b, a, r) => service.titleReceived(ctx, a, id, b.date, r),
  );
  adminPost(
    'title-sent',
    'titleSent',
    'Record the title as sent to the dealer (carrier, tracking)',
    titleSentBody,
    (id, b, a, r) => service.titleSent(ctx, a, id, b, r),
  );
  adminPost('complete', 'complete', 'Complete the purchase', z.object({}).optional(), (id, _b, a, r) =>
    service.complete(ctx, a, id, r),
  );
  adminPost(
    'cancel',
    'cancel',
    'Cancel the purchase with a reason (the buyer is owed what they paid)',
    reasonBody,
    (id, b, a, r, k) => service.cancel(ctx, a, id, b.reason, r, k),
    true,
  );
  // The ledger's money steps (docs/product/purchases.md#the-ledger): each refused with the domain's message.
  adminPost(
    'refunds',
    'recordRefund',
    'Record a refund to the buyer (amount, method, reference, date)',
    ledgerMoneyBody,
    (id, b, a, r, k) => service.recordMoney(ctx, a, id, 'refund', b, r, k),
    true,
  );
  adminPost(
    'payouts',
    'recordPayout',
    'Record the payout to the seller (a reason if paid before the guarantee ends)',
    payoutBody,
    (id, b, a, r, k) => service.recordMoney(ctx, a, id, 'payout', b, r, k),
    true,
  );
  adminPost(
    'seller-repayments',
    'recordSellerRepayment',
    'Record what the seller paid back (a payout made before a cancellation or a charge)',
    ledgerMoneyBody,
    (id, b, a, r, k) => service.recordMoney(ctx, a, id, 'seller_repayment', b, r, k),
    true,
  );
  adminPost(
    'claim-answer',
    'answerClaim',
    'Answer the open claim: credit, cancel and return, or deny',
    claimAnswerBody,
    (id, b, a, r, k) => service.answerClaim(ctx, a, id, b, r, k),
    true,
  );
}
