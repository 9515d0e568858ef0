import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addPhotoQuerySchema,
  answerSavedSchema,
  asIsSchema,
  createInspectorSchema,
  draftDetailsSchema,
  draftSchema,
  inspectorSchema,
  mediaCheckpointIdSchema,
  photoSchema,
  publishBodySchema,
  purchasedReportSchema,
  queueItemSchema,
  reportAnswerSchema,
  saveAnswerSchema,
} from '../../../../domain/inspection-api.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor, AppContext } from '../../lib/context.js';
import { IMAGE_MAX_BYTES, PHOTO_MISSING, uploadedImage } from '../listings/index.js';
import * as service from './inspections.service.js';
import * as inspectors from './inspectors.service.js';
import { renderReportPdf } from './report-pdf.js';
import * as reports from './reports.service.js';

const listingParams = z.object({ listingId: z.uuid('Invalid listing id') });
const photoParams = listingParams.extend({ photoId: z.uuid('Invalid photo id') });
const revisionQuery = z.object({
  revision: z.coerce
    .number({ error: 'Revision must be a whole number' })
    .int('Revision must be a whole number')
    .min(1, 'Revision must be a whole number')
    .max(100_000)
    .optional(),
});
const saved = z.object({ ok: z.literal(true), savedAt: z.string() });
const viewer = (req: FastifyRequest): Actor | null => (req.user ? req.actor() : null);
const tags = ['inspections'];

export async function inspectionsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/inspections',
    {
      config: { access: 'inspector' },
      schema: {
        summary: 'Tractors to inspect, with draft progress and grade',
        operationId: 'inspections.queue',
        errors: [],
        tags,
        response: { 200: z.object({ items: z.array(queueItemSchema) }) },
      },
    },
    async (req) => ({ items: await service.inspectionQueue(ctx, req.actor()) }),
  );

  api.get(
    '/inspections/:listingId',
    {
      config: { access: 'inspector' },
      schema: {
        summary: "The inspector's draft of a tractor's report",
        operationId: 'inspections.draft',
        errors: ['NOT_FOUND'],
        tags,
        params: listingParams,
        response: { 200: draftSchema },
      },
    },
    async (req) => service.getDraft(ctx, req.actor(), req.params.listingId),
  );

  api.put(
    '/inspections/:listingId/answers',
    {
      config: { access: 'inspector' },
      schema: {
        summary: 'Save one checkpoint answer (rating and note) of the draft',
        operationId: 'inspections.saveAnswer',
        errors: ['NOT_FOUND'],
        tags,
        params: listingParams,
        body: saveAnswerSchema,
        response: { 200: answerSavedSchema },
      },
    },
    async (req) => service.saveAnswer(ctx, req.actor(), req.params.listingId, req.body),
  );

  api.patch(
    '/inspections/:listingId',
    {
      config: { access: 'inspector' },
      schema: {
        summary: 'Save identification, announcements or tread readings of the draft',
        operationId: 'inspections.saveDetails',
        errors: ['NOT_FOUND'],
        tags,
        params: listingParams,
        body: draftDetailsSchema,
        response: { 200: saved },
      },
    },
    async (req) => service.saveDetails(ctx, req.actor(), req.params.listingId, req.body),
  );

  api.post(
    '/inspections/:listingId/publish',
    {
      config: { access: 'inspector' },
      schema: {
        summary: 'Publish the draft as the next revision of the report',
        operationId: 'inspections.publish',
        errors: ['NOT_FOUND', 'CONFLICT'],
        tags,
        params: listingParams,
        // confirmHours: the inspector confirms a meter reading that differs from the listed hours; submissionId
        // and photos: the phone's submission, published once and only with every photo held (decision 0086).
        body: publishBodySchema.optional(),
        response: {
          200: z.object({ number: z.number(), grade: z.number(), live: z.boolean(), notified: z.number() }),
        },
      },
    },
    async (req) =>
      service.publish(ctx, req.actor(), req.params.listingId, req.info(), {
        ...req.body,
        confirmHours: req.body?.confirmHours === true,
      }),
  );

  api.delete(
    '/inspections/:listingId/photos/:photoId',
    {
      config: { access: 'inspector' },
      schema: {
        summary: 'Take a photo out of the draft',
        operationId: 'inspections.removePhoto',
        errors: ['NOT_FOUND'],
        tags,
        params: photoParams,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (req) => {
      await service.removePhoto(ctx, req.actor(), req.params.listingId, req.params.photoId);
      return { ok: true as const };
    },
  );

  // Photo uploads: multipart parsed only in this scope, one image per request (the form shows each as it lands).
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 2, fieldSize: 100, parts: 3 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/inspections/:listingId/photos',
      {
        config: { access: 'inspector' },
        schema: {
          // The engine sound (checkpoint engine.sound) is a recording, kept as recorded; a photo is re-encoded.
          summary: 'Upload a photo of a checkpoint, or the engine-sound recording (engine.sound)',
          operationId: 'inspections.addPhoto',
          errors: ['NOT_FOUND', 'CONFLICT', 'UNSUPPORTED_MEDIA', 'PAYLOAD_TOO_LARGE', 'VALIDATION'],
          tags,
          params: listingParams,
          // clientId: the phone's id of the photo; sent again, the stored photo is answered (200), never a copy.
          querystring: z.object({
            checkpointId: mediaCheckpointIdSchema,
            clientId: addPhotoQuerySchema.shape.clientId,
          }),
          response: { 200: photoSchema, 201: photoSchema },
        },
      },
      async (req, reply) => {
        const data = await uploadedImage(req, PHOTO_MISSING);
        const { created, ...photo } = await service.addPhoto(
          ctx,
          req.actor(),
          req.params.listingId,
          req.query.checkpointId,
          data,
          req.query.clientId,
        );
        return reply.code(created ? 201 : 200).send(photo);
      },
    );
  });

  // A recording never changes once written (a new one gets a new id); who may hear it is checked on each request.
  api.get(
    '/recordings/:id',
    {
      config: { access: 'public' },
      schema: {
        summary: "A report's engine-sound recording, as recorded (to whoever may see the report's photos)",
        operationId: 'inspections.getRecording',
        errors: ['NOT_FOUND'],
        tags,
        params: z.object({ id: z.uuid('Invalid recording id') }),
        response: {
          200: {
            description: 'The recording (audio bytes)',
            content: { 'audio/*': { schema: z.any().meta({ type: 'string', contentMediaType: 'audio/*' }) } },
          },
        },
      },
    },
    async (req, reply) => {
      const found = await reports.recordingFor(ctx, viewer(req), req.params.id);
      if (!found) throw new AppError('NOT_FOUND', 'Recording not found');
      return reply
        .header('content-type', found.mediaType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        .send(found.data);
    },
  );

  api.get(
    '/reports/:listingId',
    {
      config: { access: 'public' },
      schema: {
        summary: "A tractor's condition report: grade for everyone, in full for approved dealers",
        operationId: 'inspections.getReport',
        errors: ['NOT_FOUND'],
        tags,
        params: listingParams,
        querystring: revisionQuery,
        response: { 200: reportAnswerSchema },
      },
    },
    async (req) =>
      (await reports.reportOf(ctx, viewer(req), req.params.listingId, req.query.revision)).answer,
  );

  api.get(
    '/reports/:listingId/pdf',
    {
      config: { access: 'dealer' },
      schema: {
        summary: 'The condition report as a PDF',
        operationId: 'inspections.reportPdf',
        errors: ['NOT_FOUND'],
        tags,
        params: listingParams,
        querystring: revisionQuery,
        response: { 200: z.any().describe('application/pdf') },
      },
    },
    async (req, reply) => {
      const { answer, listing, revision } = await reports.reportOf(
        ctx,
        req.actor(),
        req.params.listingId,
        req.query.revision,
      );
      if (!revision) throw new AppError('NOT_FOUND', 'This tractor has no published condition report');
      const pdf = await renderReportPdf(ctx, listing, revision, answer.hoursNotice);
      const name = `condition-report-${listing.year}-${listing.make}-${listing.model}-r${revision.number}`
        .toLowerCase()
        .replace(/[^a-z0-9-]+/g, '-');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${name}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  api.get(
    '/reports/purchased',
    {
      config: { access: 'dealer' },
      schema: {
        summary: "The report revision frozen with each of the dealer's purchases",
        operationId: 'inspections.purchasedReports',
        errors: [],
        tags,
        response: { 200: z.object({ items: z.array(purchasedReportSchema) }) },
      },
    },
    async (req) => ({ items: await reports.purchasedReports(ctx, req.actor()) }),
  );

  api.post(
    '/admin/listings/:listingId/as-is',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Mark a tractor "Sold as-is, not inspected" with a reason',
        operationId: 'inspections.markAsIs',
        errors: ['NOT_FOUND', 'CONFLICT'],
        tags,
        params: listingParams,
        body: asIsSchema,
        response: { 200: z.object({ id: z.string(), status: z.string(), asIsReason: z.string() }) },
      },
    },
    async (req) => service.markAsIs(ctx, req.actor(), req.params.listingId, req.body.reason, req.info()),
  );

  api.get(
    '/admin/inspectors',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Inspector accounts',
        operationId: 'inspections.listInspectors',
        errors: [],
        tags,
        response: { 200: z.object({ items: z.array(inspectorSchema) }) },
      },
    },
    async (req) => ({ items: await inspectors.listInspectors(ctx, req.actor()) }),
  );

  api.post(
    '/admin/inspectors',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Create an inspector account',
        operationId: 'inspections.createInspector',
        errors: ['CONFLICT'],
        tags,
        body: createInspectorSchema,
        response: { 201: inspectorSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await inspectors.createInspector(ctx, req.actor(), req.body, req.info())),
  );
}
