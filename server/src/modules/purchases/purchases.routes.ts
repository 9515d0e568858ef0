import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ledgerMoneyBody,
  moneyRangeQuery,
  moneyViewSchema,
  purchaseLedgerSchema,
} from '../../../../domain/ledger-api.js';
import {
  adminPurchaseQuery,
  claimAnswerBody,
  claimBody,
  deliveryAddressAnswer,
  deliveryAddressSchema,
  documentParams,
  fulfilmentBody,
  handoverBody,
  landedCostQuery,
  landedCostSchema,
  legacyOfferPurchase,
  legacyOfferPurchaseSchema,
  logisticsBody,
  paymentBody,
  purchaseCountsSchema,
  purchaseIdParams,
  purchaseListSchema,
  purchaseSchema,
  reasonBody,
  soldPurchaseListSchema,
  soldPurchaseSchema,
  titleReceivedBody,
  titleSentBody,
} from '../../../../domain/purchases.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import { IMAGE_MAX_BYTES, PHOTO_MISSING, uploadedImage } from '../listings/index.js';
import { claimPhotoRoutes } from './claim-photos.routes.js';
// Registers the deal e-mails' PDFs with the mail worker (docs/decisions/0043-deal-documents.md).
import './purchases.attachments.js';
import { renderCreditNotePdf, renderGatePassPdf, renderInvoicePdf } from './purchases.pdf.js';
import * as service from './purchases.service.js';

const tags = ['purchases'];
const pdf = { 200: z.any().describe('application/pdf') };

function sendPdf(reply: FastifyReply, name: string, data: Buffer) {
  return reply
    .header('content-type', 'application/pdf')
    .header(
      'content-disposition',
      `attachment; filename="${name.toLowerCase().replace(/[^a-z0-9-]+/g, '-')}.pdf"`,
    )
    .header('cache-control', 'private, no-store')
    .send(data);
}

/** docs/product/purchases.md: the dealer's purchases, documents, claims; the admin's Purchases tab. */
export async function purchasesRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const info = (req: FastifyRequest) => req.info();

  // ------------------------------------------------------------ dealer
  api.get(
    '/purchases',
    {
      config: { access: 'dealer' },
      schema: {
        summary: "The dealer's purchases with timeline, documents and what is due next",
        operationId: 'purchases.mine',
        errors: [],
        tags,
        response: { 200: purchaseListSchema },
      },
    },
    async (req) => ({ items: await service.myPurchases(ctx, req.actor()) }),
  );

  // The Purchased Inventory's list before the purchases module owned it, in version 1's shape (route-docs
  // STABLE_OPERATIONS: it changes only by additions), projected from the one read model; new clients read
  // GET /api/purchases (docs/decisions/0040-one-purchase-read-model.md).
  api.get(
    '/offers/purchased',
    {
      config: { access: 'dealer' },
      schema: {
        summary: "The dealer's purchases (deprecated: use GET /api/purchases)",
        operationId: 'offers.listPurchases',
        deprecated: true,
        errors: [],
        tags,
        response: { 200: z.object({ purchases: z.array(legacyOfferPurchaseSchema) }) },
      },
    },
    async (req, reply) => {
      reply.headers({ 'cache-control': 'no-store' });
      return { purchases: (await service.myPurchases(ctx, req.actor())).map(legacyOfferPurchase) };
    },
  );

  api.get(
    '/purchases/landed-cost',
    {
      config: { access: 'dealer' },
      schema: {
        summary: "Price + buyer fee + delivery estimate to the dealer's ZIP",
        operationId: 'purchases.landedCost',
        errors: ['NOT_FOUND', 'VALIDATION'],
        tags,
        querystring: landedCostQuery,
        response: { 200: landedCostSchema },
      },
    },
    async (req) => service.landedCost(ctx, req.actor(), req.query.listingId, req.query.amount),
  );

  api.get(
    '/purchases/address',
    {
      config: { access: 'dealer' },
      schema: {
        summary: "The dealer's delivery address (company address)",
        operationId: 'purchases.address',
        errors: [],
        tags,
        response: { 200: deliveryAddressAnswer },
      },
    },
    async (req) => ({ address: await service.getAddress(ctx, req.actor()) }),
  );

  api.put(
    '/purchases/address',
    {
      config: { access: 'dealer' },
      schema: {
        summary: "Save the dealer's delivery address",
        operationId: 'purchases.saveAddress',
        errors: ['VALIDATION'],
        tags,
        body: deliveryAddressSchema,
        response: { 200: deliveryAddressAnswer },
      },
    },
    async (req) => ({ address: await service.setAddress(ctx, req.actor(), req.body) }),
  );

  // ------------------------------------------------------------ the seller dealer (read-only)
  api.get(
    '/purchases/sold',
    {
      config: { access: 'dealer' },
      schema: {
        summary: "Purchases of the dealer's own listings, read-only, with seller fee and proceeds",
        operationId: 'purchases.sold',
        errors: [],
        tags,
        response: { 200: soldPurchaseListSchema },
      },
    },
    async (req) => ({ items: await service.soldPurchases(ctx, req.actor()) }),
  );

  api.get(
    '/purchases/sold/:purchaseId',
    {
      config: { access: 'dealer' },
      schema: {
        summary: "One purchase of the dealer's own listing (read-only)",
        operationId: 'purchases.soldOne',
        errors: ['NOT_FOUND', 'VALIDATION'],
        tags,
        params: purchaseIdParams,
        response: { 200: soldPurchaseSchema },
      },
    },
    async (req) => service.soldPurchase(ctx, req.actor(), req.params.purchaseId),
  );

  api.get(
    '/purchases/:purchaseId',
    {
      config: { access: 'dealer' },
      schema: {
        summary: "One of the dealer's purchases",
        operationId: 'purchases.one',
        errors: ['NOT_FOUND', 'VALIDATION'],
        tags,
        params: purchaseIdParams,
        response: { 200: purchaseSchema },
      },
    },
    async (req) => service.myPurchase(ctx, req.actor(), req.params.purchaseId),
  );

  api.post(
    '/purchases/:purchaseId/fulfilment',
    {
      config: { access: 'dealer' },
      schema: {
        summary: '"I\'ll collect it" or "FieldLot delivers": issues the invoice',
        operationId: 'purchases.chooseFulfilment',
        errors: ['NOT_FOUND', 'VALIDATION', 'CONFLICT'],
        tags,
        params: purchaseIdParams,
        body: fulfilmentBody,
        response: { 200: purchaseSchema },
      },
    },
    async (req) =>
      service.chooseFulfilment(ctx, req.actor(), req.params.purchaseId, req.body.fulfilment, info(req)),
  );

  api.post(
    '/purchases/:purchaseId/claims',
    {
      config: { access: 'dealer' },
      schema: {
        summary: 'Open an inspection guarantee claim',
        operationId: 'purchases.openClaim',
        errors: ['NOT_FOUND', 'VALIDATION', 'CONFLICT'],
        tags,
        params: purchaseIdParams,
        body: claimBody,
        response: { 200: purchaseSchema },
      },
    },
    async (req) => service.openClaim(ctx, req.actor(), req.params.purchaseId, req.body, info(req)),
  );

  api.get(
    '/purchases/:purchaseId/documents/invoice.pdf',
    {
      config: { access: 'dealer' },
      schema: {
        summary: 'The invoice as a PDF',
        operationId: 'purchases.invoicePdf',
        errors: ['NOT_FOUND', 'VALIDATION'],
        tags,
        params: purchaseIdParams,
        response: pdf,
      },
    },
    async (req, reply) => {
      const d = await service.invoiceDocument(ctx, req.actor(), req.params.purchaseId);
      return sendPdf(
        reply,
        `invoice-${d.invoice.number}`,
        await renderInvoicePdf(ctx.config, d.purchase, d.invoice, d.tractor, d.facts),
      );
    },
  );

  api.get(
    '/purchases/:purchaseId/documents/credit-notes/:documentId.pdf',
    {
      config: { access: 'dealer' },
      schema: {
        summary: 'A credit note as a PDF',
        operationId: 'purchases.creditNotePdf',
        errors: ['NOT_FOUND', 'VALIDATION'],
        tags,
        params: documentParams,
        response: pdf,
      },
    },
    async (req, reply) => {
      const d = await service.creditNoteDocument(
        ctx,
        req.actor(),
        req.params.purchaseId,
        req.params.documentId,
      );
      return sendPdf(
        reply,
        `credit-note-${d.note.number}`,
        await renderCreditNotePdf(ctx.config, d.purchase, d.invoice, d.note, d.tractor),
      );
    },
  );

  api.get(
    '/purchases/:purchaseId/documents/gate-pass.pdf',
    {
      config: { access: 'dealer' },
      schema: {
        summary: 'The gate pass (release) with its release code, once paid and released',
        operationId: 'purchases.gatePassPdf',
        errors: ['NOT_FOUND', 'VALIDATION'],
        tags,
        params: purchaseIdParams,
        response: pdf,
      },
    },
    async (req, reply) => {
      const d = await service.gatePassDocument(ctx, req.actor(), req.params.purchaseId);
      return sendPdf(
        reply,
        `gate-pass-${d.purchase.number}`,
        await renderGatePassPdf(ctx.config, d.purchase, d.tractor, d.yard, d.serial, d.buyer),
      );
    },
  );

  // Claim photos: multipart parsed only in this scope, one image per request.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 1, fieldSize: 100, parts: 2 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/purchases/:purchaseId/claims/photos',
      {
        config: { access: 'dealer' },
        schema: {
          summary: 'Add a photo to the open claim (sniffed and re-encoded like listing images)',
          operationId: 'purchases.addClaimPhoto',
          errors: ['NOT_FOUND', 'VALIDATION', 'CONFLICT', 'UNSUPPORTED_MEDIA', 'PAYLOAD_TOO_LARGE'],
          tags,
          params: purchaseIdParams,
          response: { 200: purchaseSchema },
        },
      },
      async (req) => {
        const data = await uploadedImage(req, PHOTO_MISSING);
        return service.addClaimPhoto(ctx, req.actor(), req.params.purchaseId, data);
      },
    );
  });

  // Claim photos are read by the buyer's dealership and by admins (claim-photos.routes.ts).
  await claimPhotoRoutes(app, ctx);

  // ------------------------------------------------------------ admin
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

  const adminPost = <B extends z.ZodType>(
    path: string,
    operationId: string,
    summary: string,
    body: B,
    run: (id: string, body: z.infer<B>, actor: Actor, request: RequestInfo) => Promise<unknown>,
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
        ),
    );

  adminPost(
    'payments',
    'recordPayment',
    'Record a payment (amount, method, reference, date)',
    paymentBody,
    (id, b, a, r) => service.recordPayment(ctx, a, id, b, r),
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
    'Cancel the purchase with a reason (refund recorded)',
    reasonBody,
    (id, b, a, r) => service.cancel(ctx, a, id, b.reason, r),
  );
  // The ledger's money steps (docs/product/purchases.md#the-ledger): each refused with the domain's message.
  adminPost(
    'refunds',
    'recordRefund',
    'Record a refund to the buyer (amount, method, reference, date)',
    ledgerMoneyBody,
    (id, b, a, r) => service.recordMoney(ctx, a, id, 'refund', b, r),
  );
  adminPost(
    'payouts',
    'recordPayout',
    'Record the payout to the seller (after paid in full, collected and title received)',
    ledgerMoneyBody,
    (id, b, a, r) => service.recordMoney(ctx, a, id, 'payout', b, r),
  );
  adminPost(
    'seller-repayments',
    'recordSellerRepayment',
    'Record what the seller paid back (a payout made before a cancellation or a charge)',
    ledgerMoneyBody,
    (id, b, a, r) => service.recordMoney(ctx, a, id, 'seller_repayment', b, r),
  );
  adminPost(
    'claim-answer',
    'answerClaim',
    'Answer the open claim: credit, cancel and return, or deny',
    claimAnswerBody,
    (id, b, a, r) => service.answerClaim(ctx, a, id, b, r),
  );
}
