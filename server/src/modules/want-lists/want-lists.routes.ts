import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { savedSearchSchema } from '../../../../domain/dealer-tools.js';
import {
  inquiryMatchListSchema,
  WANT_LIST_TEXT,
  wantAnswerSchema,
  wantListFormSchema,
  wantListListSchema,
  wantListSchema,
  wantMatchListSchema,
  wantMatchSchema,
} from '../../../../domain/want-lists.js';
import type { AppContext } from '../../lib/context.js';
import {
  answerMatch,
  createWantList,
  deleteWantList,
  inquiryMatches,
  myMatches,
  myWantLists,
  updateWantList,
  wantListFromSavedSearch,
  wantListToSavedSearch,
} from './want-lists.service.js';

const idParams = z.object({ id: z.uuid(WANT_LIST_TEXT.notFound) });

/** docs/product/want-lists.md */
export async function wantListsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/want-lists',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'wants.list',
        summary: "The dealership's want-lists, and whether this member may change them",
        errors: [],
        response: { 200: wantListListSchema },
      },
    },
    async (req) => myWantLists(ctx, req.actor()),
  );

  api.post(
    '/want-lists',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'wants.create',
        summary: 'Add a want-list: make, model words, years, hours, price, distance or states, notes',
        errors: ['VALIDATION', 'NOT_FOUND', 'CONFLICT'],
        body: wantListFormSchema,
        response: { 201: wantListSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await createWantList(ctx, req.actor(), req.body)),
  );

  api.put(
    '/want-lists/:id',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'wants.update',
        summary: 'Change a want-list of the dealership',
        errors: ['VALIDATION', 'NOT_FOUND'],
        params: idParams,
        body: wantListFormSchema,
        response: { 200: wantListSchema },
      },
    },
    async (req) => updateWantList(ctx, req.actor(), req.params.id, req.body),
  );

  api.delete(
    '/want-lists/:id',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'wants.delete',
        summary: 'Delete a want-list (its inquiry answers are kept)',
        errors: ['NOT_FOUND'],
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await deleteWantList(ctx, req.actor(), req.params.id);
      return reply.code(204).send(null);
    },
  );

  api.post(
    '/want-lists/:id/saved-search',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'wants.toSavedSearch',
        summary: 'Save a want-list as an inventory search (alerts off)',
        errors: ['NOT_FOUND', 'CONFLICT'],
        params: idParams,
        response: { 201: savedSearchSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await wantListToSavedSearch(ctx, req.actor(), req.params.id)),
  );

  api.post(
    '/want-lists/from-saved-search/:id',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'wants.fromSavedSearch',
        summary: 'Make a want-list from one of my saved searches (it needs a make)',
        errors: ['VALIDATION', 'NOT_FOUND', 'CONFLICT'],
        params: idParams,
        response: { 201: wantListSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await wantListFromSavedSearch(ctx, req.actor(), req.params.id)),
  );

  api.get(
    '/want-lists/matches',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'wants.matches',
        summary: "Farmers' tractors matched to the dealership's want-lists (no farmer's details)",
        errors: [],
        response: { 200: wantMatchListSchema },
      },
    },
    async (req) => myMatches(ctx, req.actor()),
  );

  api.post(
    '/want-lists/matches/:id/answer',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'wants.answer',
        summary: `Answer a farmer's tractor: "I'd pay up to" an amount, or "Not for me"`,
        errors: ['VALIDATION', 'NOT_FOUND'],
        params: idParams,
        body: wantAnswerSchema,
        response: { 200: wantMatchSchema },
      },
    },
    async (req) => answerMatch(ctx, req.actor(), req.params.id, req.body),
  );

  api.get(
    '/admin/inquiries/:inquiryId/matches',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'wants.inquiryMatches',
        summary: "The dealers whose want-lists match a farmer's inquiry, and their answers",
        errors: ['NOT_FOUND'],
        params: z.object({ inquiryId: z.uuid('Inquiry not found') }),
        response: { 200: inquiryMatchListSchema },
      },
    },
    async (req) => inquiryMatches(ctx, req.actor(), req.params.inquiryId),
  );
}
