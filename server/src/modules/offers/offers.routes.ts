import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.js';
import './offers.mail.js';
import { sellerOffersSchema } from '../../../../domain/dealer-listings-api.js';
import {
  adminOfferListResponse,
  counterBody,
  createOfferBody,
  idempotencyHeaders,
  listingIdParams,
  offerIdParams,
  offerListResponse,
  offerResponse,
  withdrawBody,
} from '../../../../domain/offers.schemas.js';
import * as service from './offers.service.js';

export async function offersRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const noStore = { 'cache-control': 'no-store' };

  // Make an offer or a buy-now request. The same Idempotency-Key from the same buyer answers the same offer.
  api.post(
    '/offers',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'offers.create',
        summary: 'Make an offer or a buy-now request on a listing',
        errors: ['NOT_FOUND', 'CONFLICT', 'RATE_LIMITED'],
        body: createOfferBody,
        headers: idempotencyHeaders,
        response: { 201: offerResponse },
      },
    },
    async (req, reply) => {
      const { offer, replayed } = await service.createOffer(
        ctx,
        req.actor(),
        req.body,
        req.headers['idempotency-key'],
        req.info(),
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send({ offer });
    },
  );

  api.get(
    '/offers/mine',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'offers.listMine',
        summary: 'My offers, newest first',
        errors: [],
        response: { 200: offerListResponse },
      },
    },
    async (req, reply) => {
      reply.headers(noStore);
      return { offers: await service.listMyOffers(ctx, req.actor()) };
    },
  );

  // The caller's own offers on one listing (the detail page's "Your Offer History").
  api.get(
    '/offers/listing/:listingId',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'offers.listMineOnListing',
        summary: 'My offers on one listing',
        errors: [],
        params: listingIdParams,
        response: { 200: offerListResponse },
      },
    },
    async (req, reply) => {
      reply.headers(noStore);
      return { offers: await service.listMyOffersOnListing(ctx, req.actor(), req.params.listingId) };
    },
  );

  api.get(
    '/offers/:offerId',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'offers.get',
        summary: 'One of my offers',
        errors: ['NOT_FOUND'],
        params: offerIdParams,
        response: { 200: offerResponse },
      },
    },
    async (req, reply) => {
      reply.headers(noStore);
      return { offer: await service.getMyOffer(ctx, req.actor(), req.params.offerId) };
    },
  );

  api.post(
    '/offers/:offerId/accept-counter',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'offers.acceptCounter',
        summary: 'Accept the counter offer on my offer',
        errors: ['NOT_FOUND', 'CONFLICT'],
        params: offerIdParams,
        response: { 200: offerResponse },
      },
    },
    async (req) => ({
      offer: await service.acceptCounter(ctx, req.actor(), req.params.offerId, req.info()),
    }),
  );

  api.post(
    '/offers/:offerId/withdraw',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'offers.withdraw',
        summary: 'Withdraw my pending or countered offer',
        errors: ['NOT_FOUND', 'CONFLICT'],
        params: offerIdParams,
        body: withdrawBody,
        response: { 200: offerResponse },
      },
    },
    async (req) => ({
      offer: await service.withdrawOffer(
        ctx,
        req.actor(),
        req.params.offerId,
        req.info(),
        req.body?.expectedStatus,
      ),
    }),
  );

  api.get(
    '/admin/offers',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'offers.listAll',
        summary: 'Every offer, newest first',
        errors: [],
        response: { 200: adminOfferListResponse },
      },
    },
    async (req, reply) => {
      reply.headers(noStore);
      return { offers: await service.listAllOffers(ctx, req.actor()) };
    },
  );

  api.post(
    '/admin/offers/:offerId/accept',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'offers.accept',
        summary: 'Accept an offer (the tractor is sold)',
        errors: ['NOT_FOUND', 'CONFLICT'],
        params: offerIdParams,
        response: { 200: offerResponse },
      },
    },
    async (req) => ({ offer: await service.adminAccept(ctx, req.actor(), req.params.offerId, req.info()) }),
  );

  api.post(
    '/admin/offers/:offerId/reject',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'offers.reject',
        summary: 'Reject an offer',
        errors: ['NOT_FOUND', 'CONFLICT'],
        params: offerIdParams,
        response: { 200: offerResponse },
      },
    },
    async (req) => ({ offer: await service.adminReject(ctx, req.actor(), req.params.offerId, req.info()) }),
  );

  api.post(
    '/admin/offers/:offerId/counter',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'offers.counter',
        summary: 'Counter an offer with another amount (once per Idempotency-Key)',
        errors: ['NOT_FOUND', 'CONFLICT'],
        params: offerIdParams,
        headers: idempotencyHeaders,
        body: counterBody,
        response: { 200: offerResponse },
      },
    },
    async (req) => ({
      offer: await service.adminCounter(
        ctx,
        req.actor(),
        req.params.offerId,
        req.body,
        req.info(),
        req.headers['idempotency-key'],
      ),
    }),
  );

  // The seller's side (docs/product/dealer-selling.md#offers-on-your-tractors): offers on their own
  // listings; another dealer's offer answers 404.
  api.get(
    '/my-listings/offers',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'offers.listOnMine',
        summary: 'Offers on your listings (buyers anonymous until the sale)',
        errors: [],
        response: { 200: sellerOffersSchema },
      },
    },
    async (req, reply) => {
      reply.headers(noStore);
      return service.listSellerOffers(ctx, req.actor());
    },
  );

  for (const action of ['accept', 'reject'] as const)
    api.post(
      `/my-listings/offers/:offerId/${action}`,
      {
        config: { access: 'dealer' },
        schema: {
          operationId: `offers.${action}OnMine`,
          summary:
            action === 'accept'
              ? 'Accept an offer on your listing (your tractor is sold)'
              : 'Reject an offer on your listing',
          errors: ['NOT_FOUND', 'CONFLICT'],
          params: offerIdParams,
          response: { 200: offerResponse },
        },
      },
      async (req) => ({
        offer: await service.sellerAct(ctx, req.actor(), req.params.offerId, action, undefined, req.info()),
      }),
    );

  api.post(
    '/my-listings/offers/:offerId/counter',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'offers.counterOnMine',
        summary: 'Counter an offer on your listing with another amount (once per Idempotency-Key)',
        errors: ['NOT_FOUND', 'CONFLICT'],
        params: offerIdParams,
        headers: idempotencyHeaders,
        body: counterBody,
        response: { 200: offerResponse },
      },
    },
    async (req) => ({
      offer: await service.sellerAct(
        ctx,
        req.actor(),
        req.params.offerId,
        'counter',
        req.body,
        req.info(),
        req.headers['idempotency-key'],
      ),
    }),
  );
}
