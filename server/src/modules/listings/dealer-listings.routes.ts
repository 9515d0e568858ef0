import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  approveBody,
  myListingDetailSchema,
  myListingsSchema,
  requestChangesBody,
  stageAnswer,
} from '../../../../domain/dealer-listings-api.js';
import type { AppContext } from '../../lib/context.js';
import * as service from './dealer-listings.service.js';
import { idParams, listingPatchSchema } from './listings.schemas.js';

/** docs/product/dealer-selling.md: a dealer's own listings (another dealer's answers 404) and the admin review. */
export async function dealerListingRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/my-listings',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'listings.listMine',
        summary: "The dealer's own listings with their stage, offers and proceeds",
        errors: [],
        response: { 200: myListingsSchema },
      },
    },
    async (req) => service.myListings(ctx, req.actor()),
  );

  api.get(
    '/my-listings/:id',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'listings.getMine',
        summary: 'One of your listings, for the edit form (with its floor price)',
        errors: ['NOT_FOUND'],
        params: idParams,
        response: { 200: myListingDetailSchema },
      },
    },
    async (req) => service.myListing(ctx, req.actor(), req.params.id),
  );

  api.patch(
    '/my-listings/:id',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'listings.updateMine',
        summary: 'Edit one of your listings (draft, changes requested or withdrawn; it becomes a draft)',
        errors: ['NOT_FOUND', 'CONFLICT'],
        params: idParams,
        body: listingPatchSchema,
        response: { 200: stageAnswer },
      },
    },
    async (req) => service.updateMyListing(ctx, req.actor(), req.params.id, req.body, req.info()),
  );

  for (const action of ['submit', 'withdraw'] as const)
    api.post(
      `/my-listings/:id/${action}`,
      {
        config: { access: 'dealer' },
        schema: {
          operationId: `listings.${action}Mine`,
          summary:
            action === 'submit'
              ? 'Submit a draft for FieldLot review'
              : 'Withdraw a live listing (while no offer is accepted)',
          errors: ['NOT_FOUND', 'CONFLICT'],
          params: idParams,
          response: { 200: stageAnswer },
        },
      },
      async (req) => service.sellerStep(ctx, req.actor(), req.params.id, action, req.info()),
    );

  api.post(
    '/admin/listings/:id/approve',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'listings.approve',
        summary: "Approve a dealer's listing in review: it goes live",
        errors: ['NOT_FOUND', 'CONFLICT'],
        params: idParams,
        body: approveBody,
        response: { 200: stageAnswer },
      },
    },
    async (req) =>
      service.review(
        ctx,
        req.actor(),
        req.params.id,
        { approve: true, asIsReason: req.body?.asIsReason },
        req.info(),
      ),
  );

  api.post(
    '/admin/listings/:id/request-changes',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'listings.requestChanges',
        summary: "Send a dealer's listing in review back with the changes it needs",
        errors: ['NOT_FOUND', 'CONFLICT'],
        params: idParams,
        body: requestChangesBody,
        response: { 200: stageAnswer },
      },
    },
    async (req) =>
      service.review(
        ctx,
        req.actor(),
        req.params.id,
        { approve: false, reason: req.body.reason },
        req.info(),
      ),
  );
}
