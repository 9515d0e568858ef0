import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyHeaders } from '../../../../domain/offers.schemas.js';
import {
  claimBody,
  deliveryAddressAnswer,
  deliveryAddressSchema,
  documentParams,
  fulfilmentBody,
  landedCostQuery,
  landedCostSchema,
  legacyOfferPurchase,
  legacyOfferPurchaseSchema,
  purchaseIdParams,
  purchaseListSchema,
  purchaseSchema,
  soldPurchaseListSchema,
  soldPurchaseSchema,
} from '../../../../domain/purchases-api.js';
import type { AppContext } from '../../lib/context.js';
import { IMAGE_MAX_BYTES, PHOTO_MISSING, uploadedImage } from '../listings/index.js';
import { claimPhotoRoutes } from './claim-photos.routes.js';
import { purchasesAdminRoutes } from './purchases.admin.routes.js';
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
    async (req) => service.getAddress(ctx, req.actor()),
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
        // It books the invoice: a money command, exactly once (docs/product/purchases.md#exactly-once).
        headers: idempotencyHeaders,
        body: fulfilmentBody,
        response: { 200: purchaseSchema },
      },
    },
    async (req) =>
      service.chooseFulfilment(
        ctx,
        req.actor(),
        req.params.purchaseId,
        req.body.fulfilment,
        info(req),
        req.headers['idempotency-key'],
      ),
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

  await purchasesAdminRoutes(app, ctx);
}
