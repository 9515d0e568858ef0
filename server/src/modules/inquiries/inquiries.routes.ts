import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailSchema } from '../../../../domain/email.js';
import {
  INQUIRY_PHOTOS_MAX,
  INQUIRY_PHOTOS_MAX_MESSAGE,
  INQUIRY_STATUSES,
  MANUAL_INQUIRY_STATUSES,
  type SaleInquiry,
} from '../../../../domain/inquiries.js';
import { AppError } from '../../lib/app-error.js';
import type { AppContext } from '../../lib/context.js';
import {
  IMAGE_MAX_BYTES,
  IMAGE_SIZE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  readCappedFile,
} from '../listings/index.js';
import {
  changeInquiryStatus,
  farmerYardOfListing,
  inquiryPhotoFile,
  listForAdmin,
  submitInquiry,
} from './inquiries.service.js';
import { inquiryOfferRoutes } from './inquiry-offers.routes.js';

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
  phone: optText(30),
  email: emailSchema,
});

export const farmerYardSchema = z
  .object({
    town: z.string().nullable(),
    location: z.string().nullable(),
    city: z.string().nullable(),
    zip: z.string().nullable(),
    yardPhone: z.string().nullable(),
  })
  .meta({ id: 'FarmerYard' });

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
  phone: z.string().nullable(),
  status: z.enum(INQUIRY_STATUSES),
  photoCount: z.number().int(),
  draftListingId: z.string().nullable(),
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

  // The sell form with photos (docs/product/selling.md#sell-form): multipart parsed only in this scope, the form's
  // fields as JSON in the `inquiry` part and up to 8 `photos` files, all stored at once or not at all.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: IMAGE_MAX_BYTES,
        files: INQUIRY_PHOTOS_MAX + 1,
        fields: 1,
        fieldSize: 16_000,
        parts: INQUIRY_PHOTOS_MAX + 2,
      },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/inquiries/with-photos',
      {
        config: { access: 'public' },
        schema: {
          operationId: 'inquiries.createWithPhotos',
          summary: 'Sell form with photos (multipart: the `inquiry` JSON part, up to 8 `photos` files)',
          errors: ['RATE_LIMITED', 'VALIDATION', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA'],
          response: { 201: z.object({ id: z.string() }) },
        },
      },
      async (req, reply) => {
        const { input, photos } = await readSellForm(req);
        const created = await submitInquiry(ctx, input, req.info(), photos);
        return reply.code(201).send(created);
      },
    );
  });

  api.get(
    '/admin/inquiries/:inquiryId/photos/:file',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'inquiries.photo',
        summary: "A seller's sell-form photo (WebP, 400, 800 or 1600 px wide): admins only",
        errors: ['NOT_FOUND'],
        params: z.object({ inquiryId: z.uuid('Inquiry not found'), file: z.string().max(60) }),
        response: {
          200: {
            description: 'The photo (WebP bytes)',
            content: {
              'image/webp': { schema: z.any().meta({ type: 'string', contentMediaType: 'image/webp' }) },
            },
          },
        },
      },
    },
    async (req, reply) => {
      const data = await inquiryPhotoFile(ctx, req.actor(), req.params.inquiryId, req.params.file);
      return reply
        .header('content-type', 'image/webp')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .send(data);
    },
  );

  await inquiryOfferRoutes(app, ctx);

  api.get(
    '/admin/listings/:id/farmer-yard',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'inquiries.farmerYard',
        summary: "The farmer's town, state, ZIP and phone for the draft listing their accepted offer made",
        errors: ['NOT_FOUND'],
        params: z.object({ id: z.uuid('Invalid listing id') }),
        response: { 200: farmerYardSchema },
      },
    },
    async (req) => farmerYardOfListing(ctx, req.actor(), req.params.id),
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
        body: z.object({ status: z.enum(MANUAL_INQUIRY_STATUSES) }),
        response: { 200: z.object({ inquiry: inquirySchema }) },
      },
    },
    async (req) => ({
      inquiry: await changeInquiryStatus(ctx, req.actor(), req.params.inquiryId, req.body.status, req.info()),
    }),
  );
}

/**
 * Reads the multipart sell form: the `inquiry` part checked by the same schema as the JSON route (field messages),
 * then the photo files as bytes (what they are is checked by the image pipeline).
 */
async function readSellForm(req: FastifyRequest) {
  if (!req.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA', 'Send the form as multipart/form-data', {
      fields: { photos: IMAGE_TYPE_MESSAGE },
    });
  let raw: unknown = null;
  const photos: Buffer[] = [];
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'photos') {
          await part.toBuffer();
          continue;
        }
        if (photos.length >= INQUIRY_PHOTOS_MAX) throw tooMany();
        photos.push(await readCappedFile(part, 'photos'));
      } else if (part.fieldname === 'inquiry') {
        try {
          raw = JSON.parse(String(part.value));
        } catch {
          raw = null;
        }
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_SIZE_MESSAGE, { fields: { photos: IMAGE_SIZE_MESSAGE } });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw tooMany();
    throw err;
  }
  const parsed = inquiryInputSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? 'inquiry')] ??= issue.message;
    throw new AppError('VALIDATION', Object.values(fields)[0] ?? 'Check the form', { fields });
  }
  return { input: parsed.data, photos };
}

const tooMany = () =>
  new AppError('VALIDATION', INQUIRY_PHOTOS_MAX_MESSAGE, { fields: { photos: INQUIRY_PHOTOS_MAX_MESSAGE } });
