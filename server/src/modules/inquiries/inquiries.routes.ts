import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailSchema } from '../../../../domain/email.js';
import { INQUIRY_STATUSES, type SaleInquiry } from '../../../../domain/inquiries.js';
import type { AppContext } from '../../lib/context.js';
import { changeInquiryStatus, listForAdmin, submitInquiry } from './inquiries.service.js';

const optText = (max: number) => z.string().max(max, `Must be at most ${max} characters`).nullish();
const optNumber = z.union([z.number(), z.string().max(20)]).nullish();

export const inquiryInputSchema = z.object({
  make: optText(80),
  model: optText(120),
  year: optNumber,
  hours: optNumber,
  location: optText(120),
  condition: optText(40),
  description: optText(2000),
  transmission: optText(120),
  email: emailSchema,
});

export const inquirySchema = z.object({
  id: z.string(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  year: z.number().nullable(),
  hours: z.number().nullable(),
  location: z.string().nullable(),
  condition: z.string().nullable(),
  description: z.string().nullable(),
  email: z.string(),
  transmission: z.string().nullable(),
  status: z.enum(INQUIRY_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<SaleInquiry>;

export async function inquiriesRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Public sell form (docs/product/selling.md#sell-form); rate limited per client address in the service.
  api.post(
    '/inquiries',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'inquiries.create',
        summary: 'Offer a tractor for sale to FieldLot (sell form)',
        errors: ['RATE_LIMITED'],
        body: inquiryInputSchema,
        response: { 201: z.object({ id: z.string() }) },
      },
    },
    async (req, reply) => {
      const created = await submitInquiry(ctx, req.body, req.info());
      return reply.code(201).send(created);
    },
  );

  api.get(
    '/admin/inquiries',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'inquiries.list',
        summary: 'Every sale inquiry, newest first',
        errors: [],
        response: { 200: z.object({ inquiries: z.array(inquirySchema) }) },
      },
    },
    async (req) => ({ inquiries: await listForAdmin(ctx, req.actor()) }),
  );

  api.patch(
    '/admin/inquiries/:inquiryId',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'inquiries.setStatus',
        summary: 'Move a sale inquiry to another status',
        errors: ['NOT_FOUND', 'CONFLICT'],
        params: z.object({ inquiryId: z.uuid('Inquiry not found') }),
        body: z.object({ status: z.enum(INQUIRY_STATUSES) }),
        response: { 200: z.object({ inquiry: inquirySchema }) },
      },
    },
    async (req) => ({
      inquiry: await changeInquiryStatus(ctx, req.actor(), req.params.inquiryId, req.body.status, req.info()),
    }),
  );
}
