import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { AppContext } from '../../lib/context.js';
import { IMAGE_MAX_BYTES } from './image-files.js';
import * as images from './images.service.js';
import { idParams, imageParams } from './listings.schemas.js';
import { uploadedImage } from './uploaded-image.js';

const FILE_RE =
  /^listings\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-(400|800|1600)\.webp$/;
const ok = z.object({ ok: z.literal(true) });

export async function imageRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Variants never change once written (new uploads get new keys), so a browser may keep them for a year.
  api.get(
    '/images/*',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'images.get',
        summary: 'A listing picture (WebP, 400, 800 or 1600 px wide)',
        errors: ['NOT_FOUND'],
        params: z.object({ '*': z.string().regex(FILE_RE, 'Not an image path') }),
        response: {
          200: {
            description: 'The picture (WebP bytes)',
            content: {
              'image/webp': { schema: z.any().meta({ type: 'string', contentMediaType: 'image/webp' }) },
            },
          },
        },
      },
    },
    async (req, reply) => {
      const data = await images.imageFor(ctx, req.user ? req.actor() : null, req.params['*']);
      if (!data) throw new AppError('NOT_FOUND', 'Image not found');
      // Private: who may see a picture depends on the viewer and the listing's status (no shared caches).
      return reply
        .header('content-type', 'image/webp')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        .send(data);
    },
  );

  // The admin's picture routes, and the same for a dealer's own listings (one image manager).
  await pictureRoutes(app, ctx, '/admin/listings', 'admin');
  await pictureRoutes(app, ctx, '/my-listings', 'dealer');
}

/** Upload, order, primary and delete under `base`: admins any listing; dealers their own (another's is 404). */
async function pictureRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  base: '/admin/listings' | '/my-listings',
  access: 'admin' | 'dealer',
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const suffix = access === 'admin' ? '' : 'Mine';
  const whose = access === 'admin' ? 'a listing' : 'one of your listings';
  const errors: ('NOT_FOUND' | 'CONFLICT')[] = access === 'admin' ? ['NOT_FOUND'] : ['NOT_FOUND', 'CONFLICT'];
  // Uploads are parsed only in this scope; one file per request so the SPA can show progress per file.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 2, fieldSize: 100, parts: 3 },
    });
    const up = scope.withTypeProvider<ZodTypeProvider>();
    up.post(
      `${base}/:id/images`,
      {
        config: { access },
        schema: {
          operationId: `images.upload${suffix}`,
          summary: `Upload a picture to ${whose} (multipart, one file)`,
          errors: [...errors, 'VALIDATION', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA'],
          params: idParams,
          response: { 201: z.object({ id: z.string() }) },
        },
      },
      async (req, reply) => {
        await images.assertImageAccess(ctx, req.actor(), req.params.id);
        const data = await uploadedImage(req, { message: 'Choose an image to upload', field: 'Required' });
        const created = await images.uploadImage(ctx, req.actor(), req.params.id, data, req.info());
        return reply.code(201).send(created);
      },
    );
  });

  api.put(
    `${base}/:id/images/order`,
    {
      config: { access },
      schema: {
        operationId: `images.reorder${suffix}`,
        summary: `Set the order of the pictures of ${whose}`,
        errors,
        params: idParams,
        body: z.object({ imageIds: z.array(z.uuid('Invalid image id')).min(1).max(100) }),
        response: { 200: ok },
      },
    },
    async (req) => {
      await images.reorderImages(ctx, req.actor(), req.params.id, req.body.imageIds, req.info());
      return { ok: true as const };
    },
  );

  api.post(
    `${base}/:id/images/:imageId/primary`,
    {
      config: { access },
      schema: {
        operationId: `images.setPrimary${suffix}`,
        summary: `Make a picture the main one of ${whose}`,
        errors,
        params: imageParams,
        response: { 200: ok },
      },
    },
    async (req) => {
      await images.setPrimaryImage(ctx, req.actor(), req.params.id, req.params.imageId, req.info());
      return { ok: true as const };
    },
  );

  api.delete(
    `${base}/:id/images/:imageId`,
    {
      config: { access },
      schema: {
        operationId: `images.delete${suffix}`,
        summary: `Remove a picture from ${whose}`,
        errors,
        params: imageParams,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await images.removeImage(ctx, req.actor(), req.params.id, req.params.imageId, req.info());
      return reply.code(204).send(null);
    },
  );
}
