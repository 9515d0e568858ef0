import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountProfileSchema,
  addBrandBody,
  applicationsAnswerSchema,
  applyBody,
  brandNameParams,
  brandsResponse,
  changeStatusBody,
  changeStatusResponse,
  messageResponse,
  updateProfileBody,
  userIdParams,
} from '../../../../domain/users.js';
import type { AppContext } from '../../lib/context.js';
import * as service from './users.service.js';

export async function usersRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Unknown fields (status, role...) are dropped by the schema: an applicant is always pending.
  api.post(
    '/users/apply',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'users.apply',
        summary: 'Apply for a dealer account (pending until an admin approves)',
        errors: ['RATE_LIMITED'],
        body: applyBody,
        response: { 201: messageResponse },
      },
    },
    async (req, reply) => reply.code(201).send({ message: await service.apply(ctx, req.body, req.info()) }),
  );

  api.get(
    '/users/me',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'users.getMe',
        summary: 'My profile',
        errors: ['NOT_FOUND'],
        response: { 200: accountProfileSchema },
      },
    },
    async (req) => service.getMyAccount(ctx, req.actor()),
  );

  // Strict: a request that tries to set e-mail, status or role is refused, not half-applied.
  api.patch(
    '/users/me',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'users.updateMe',
        summary: 'Update my name, company and e-mail preferences',
        errors: ['NOT_FOUND'],
        body: updateProfileBody,
        response: { 200: accountProfileSchema },
      },
    },
    async (req) => service.updateMyAccount(ctx, req.actor(), req.body),
  );

  api.get(
    '/users/me/brands',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'users.listBrands',
        summary: 'The brands I get new-listing alerts for',
        errors: [],
        response: { 200: brandsResponse },
      },
    },
    async (req) => ({ brands: await service.listMyBrands(ctx, req.actor()) }),
  );

  api.post(
    '/users/me/brands',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'users.addBrand',
        summary: 'Follow a brand for new-listing alerts',
        errors: [],
        body: addBrandBody,
        response: { 201: brandsResponse },
      },
    },
    async (req, reply) =>
      reply.code(201).send({ brands: await service.addMyBrand(ctx, req.actor(), req.body.brandName) }),
  );

  api.delete(
    '/users/me/brands/:brandName',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'users.removeBrand',
        summary: 'Stop following a brand',
        errors: [],
        params: brandNameParams,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await service.removeMyBrand(ctx, req.actor(), req.params.brandName);
      return reply.code(204).send(null);
    },
  );

  api.get(
    '/admin/users',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'users.listApplications',
        summary: 'All accounts with counts by status',
        errors: [],
        response: {
          200: applicationsAnswerSchema,
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.listApplications(ctx, req.actor());
    },
  );

  api.patch(
    '/admin/users/:userId/status',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'users.setStatus',
        summary: 'Approve or reject a dealer application',
        errors: ['NOT_FOUND', 'CONFLICT'],
        params: userIdParams,
        body: changeStatusBody,
        response: { 200: changeStatusResponse },
      },
    },
    async (req) => service.changeStatus(ctx, req.actor(), req.params.userId, req.body.status, req.info()),
  );
}
