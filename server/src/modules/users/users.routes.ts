import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APPLICATION_BRANDS, LISTING_BRANDS } from '../../../../domain/brands.js';
import { emailSchema } from '../../../../domain/email.js';
import { newPasswordSchema } from '../../../../domain/password.js';
import {
  type AccountProfile,
  type BrandPreference,
  companySchema,
  type DealerApplication,
  nameSchema,
  USER_STATUSES,
} from '../../../../domain/users.js';
import type { AppContext } from '../../lib/context.js';
import * as service from './users.service.js';

const profileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  companyName: z.string(),
  status: z.enum(USER_STATUSES),
  emailNotifications: z.boolean(),
}) satisfies z.ZodType<AccountProfile>;
const brandPreference = z.object({
  id: z.string(),
  brandName: z.string(),
}) satisfies z.ZodType<BrandPreference>;
const brandsSchema = z.object({ brands: z.array(brandPreference) });
const applicationSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  companyName: z.string(),
  desiredBrand1: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  createdAt: z.string(),
  actions: z.array(z.enum(['approved', 'rejected'])),
}) satisfies z.ZodType<DealerApplication>;

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
        body: z.object({
          name: nameSchema,
          email: emailSchema,
          password: newPasswordSchema,
          companyName: companySchema,
          brands: z.array(z.enum(APPLICATION_BRANDS)).max(APPLICATION_BRANDS.length).default([]),
        }),
        response: { 201: z.object({ message: z.string() }) },
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
        response: { 200: profileSchema },
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
        body: z.strictObject({
          name: nameSchema,
          companyName: companySchema,
          emailNotifications: z.boolean().optional(),
        }),
        response: { 200: profileSchema },
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
        response: { 200: brandsSchema },
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
        body: z.object({ brandName: z.enum(LISTING_BRANDS) }),
        response: { 201: brandsSchema },
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
        params: z.object({ brandName: z.string().min(1).max(80) }),
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
          200: z.object({
            users: z.array(applicationSchema),
            counts: z.object({
              total: z.number(),
              pending: z.number(),
              rejected: z.number(),
              approved: z.number(),
              admins: z.number(),
            }),
          }),
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
        params: z.object({ userId: z.uuid() }),
        body: z.strictObject({ status: z.enum(['approved', 'rejected']) }),
        response: { 200: z.object({ id: z.string(), status: z.enum(USER_STATUSES) }) },
      },
    },
    async (req) => service.changeStatus(ctx, req.actor(), req.params.userId, req.body.status, req.info()),
  );
}
