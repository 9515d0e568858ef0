import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createSavedSearchSchema,
  SAVED_SEARCH_TEXT,
  savedSearchListSchema,
  savedSearchSchema,
  updateSavedSearchSchema,
} from '../../../../domain/dealer-tools.js';
import type { AppContext } from '../../lib/context.js';
import {
  createSavedSearch,
  deleteSavedSearch,
  mySavedSearches,
  updateSavedSearch,
} from './saved-searches.service.js';

const idParams = z.object({ id: z.uuid(SAVED_SEARCH_TEXT.notFound) });

/** docs/product/dealer-tools.md#saved-searches */
export async function savedSearchesRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/saved-searches',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'searches.list',
        summary: 'My saved searches with their count of current matches',
        errors: [],
        response: { 200: savedSearchListSchema },
      },
    },
    async (req) => mySavedSearches(ctx, req.actor()),
  );

  api.post(
    '/saved-searches',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'searches.create',
        summary: 'Save an inventory search under a name, with its alert setting',
        errors: ['VALIDATION', 'CONFLICT'],
        body: createSavedSearchSchema,
        response: { 201: savedSearchSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await createSavedSearch(ctx, req.actor(), req.body)),
  );

  api.patch(
    '/saved-searches/:id',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'searches.update',
        summary: 'Rename a saved search or change its alert setting',
        errors: ['VALIDATION', 'NOT_FOUND', 'CONFLICT'],
        params: idParams,
        body: updateSavedSearchSchema,
        response: { 200: savedSearchSchema },
      },
    },
    async (req) => updateSavedSearch(ctx, req.actor(), req.params.id, req.body),
  );

  api.delete(
    '/saved-searches/:id',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'searches.delete',
        summary: 'Delete a saved search',
        errors: ['NOT_FOUND'],
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await deleteSavedSearch(ctx, req.actor(), req.params.id);
      return reply.code(204).send(null);
    },
  );
}
