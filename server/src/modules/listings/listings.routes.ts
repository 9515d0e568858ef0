import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor, AppContext } from '../../lib/context.js';
import { dealerListingRoutes } from './dealer-listings.routes.js';
import { imageRoutes } from './images.routes.js';
import { sendJson } from './json-body.js';
import {
  adminPageSchema,
  adminQuerySchema,
  dealerPageSchema,
  dealerQuerySchema,
  detailSchema,
  firstLookCardsSchema,
  idParams,
  listingInputSchema,
  listingPatchSchema,
  publicPageSchema,
  publicQuerySchema,
} from './listings.schemas.js';
import * as service from './listings.service.js';
import { startInventoryCache } from './page-cache.js';

const idBody = z.object({ id: z.string() });
const viewer = (req: FastifyRequest): Actor | null => (req.user ? req.actor() : null);

export async function listingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const stopInventoryCache = await startInventoryCache(ctx);
  app.addHook('onClose', stopInventoryCache);

  api.get(
    '/listings',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'listings.search',
        summary: 'Search the inventory (approved dealers: prices and all filters)',
        errors: [],
        querystring: dealerQuerySchema,
        response: { 200: dealerPageSchema },
      },
    },
    // The service answers the body already serialized (and schema-checked), so a cached first page is sent as is.
    async (req, reply) => sendJson(req, reply, await service.dealerInventory(ctx, req.actor(), req.query)),
  );

  api.get(
    '/listings/first-look',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'listings.firstLook',
        summary: "The tractors under a first look the dealer's dealership holds, with the window's end",
        errors: [],
        querystring: dealerQuerySchema,
        response: { 200: firstLookCardsSchema },
      },
    },
    async (req) => service.firstLookInventory(ctx, req.actor(), req.query),
  );

  api.get(
    '/listings/public',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'listings.searchPublic',
        summary: 'Search the inventory as a visitor (no prices)',
        errors: [],
        querystring: publicQuerySchema,
        response: { 200: publicPageSchema },
      },
    },
    async (req, reply) => sendJson(req, reply, await service.publicInventory(ctx, req.query)),
  );

  api.get(
    '/listings/:id',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'listings.get',
        summary: 'One listing (price and seller details for approved dealers)',
        errors: ['NOT_FOUND'],
        params: idParams,
        response: { 200: detailSchema },
      },
    },
    async (req) => service.listingDetail(ctx, viewer(req), req.params.id),
  );

  api.post(
    '/listings',
    {
      config: {
        access: 'dealer',
        deniedMessages: {
          signedOut: 'You must be logged in to create a listing',
          forbidden: 'Your account must be approved before you can create listings',
        },
      },
      schema: {
        operationId: 'listings.create',
        summary: 'List a tractor for sale',
        errors: ['NOT_FOUND'],
        body: listingInputSchema,
        response: { 201: idBody },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await service.createListing(ctx, viewer(req), req.body, req.info())),
  );

  api.get(
    '/admin/listings',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'listings.listAll',
        summary: 'Every listing with admin filters',
        errors: [],
        querystring: adminQuerySchema,
        response: { 200: adminPageSchema },
      },
    },
    async (req) => service.adminListings(ctx, req.actor(), req.query),
  );

  api.patch(
    '/admin/listings/:id',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'listings.update',
        summary: 'Edit a listing',
        errors: ['NOT_FOUND'],
        params: idParams,
        body: listingPatchSchema,
        response: { 200: idBody },
      },
    },
    async (req) => service.updateListing(ctx, req.actor(), req.params.id, req.body, req.info()),
  );

  api.post(
    '/admin/listings/:id/status',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'listings.setStatus',
        summary: 'Activate or deactivate a listing',
        errors: ['NOT_FOUND', 'CONFLICT'],
        params: idParams,
        body: z.object({
          status: z.enum(['active', 'inactive'], { error: 'Status must be active or inactive' }),
        }),
        response: { 200: z.object({ id: z.string(), status: z.enum(['active', 'inactive']) }) },
      },
    },
    async (req) =>
      service.setListingActive(ctx, req.actor(), req.params.id, req.body.status === 'active', req.info()),
  );

  // Deletes a listing that never had an offer; archives one that did (or is sold). The answer says which.
  api.delete(
    '/admin/listings/:id',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'listings.delete',
        summary: 'Delete a listing with no offers, or archive one that has had offers',
        errors: ['NOT_FOUND', 'CONFLICT'],
        params: idParams,
        response: {
          200: z.object({
            outcome: z.enum(['deleted', 'archived']),
            offerCount: z.number(),
            message: z.string(),
          }),
        },
      },
    },
    async (req) => service.deleteListing(ctx, req.actor(), req.params.id, req.info()),
  );

  api.post(
    '/admin/listings/:id/restore',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'listings.restore',
        summary: 'Restore an archived listing (it comes back inactive, or sold)',
        errors: ['NOT_FOUND', 'CONFLICT'],
        params: idParams,
        response: { 200: z.object({ id: z.string(), status: z.enum(['active', 'inactive', 'sold']) }) },
      },
    },
    async (req) => service.restoreListing(ctx, req.actor(), req.params.id, req.info()),
  );

  api.post(
    '/admin/listings/samples',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'listings.addSamples',
        summary: 'Add ten sample listings (demo mode)',
        errors: ['NOT_FOUND', 'CONFLICT'],
        response: { 201: z.object({ added: z.number(), message: z.string() }) },
      },
    },
    async (req, reply) => reply.code(201).send(await service.addSampleListings(ctx, req.actor(), req.info())),
  );

  await imageRoutes(app, ctx);
  await dealerListingRoutes(app, ctx);
}
