import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FARMER_OFFER_ANSWERS, FARMER_OFFER_STATUSES } from '../../../../domain/farmer-offers.js';
import type { AppContext } from '../../lib/context.js';
import { inquirySchema } from './inquiries.routes.js';
import {
  answerFarmerOffer,
  farmerOfferByToken,
  inquiryDetail,
  sendFarmerOffer,
} from './inquiry-offers.service.js';

const offerSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  validUntil: z.string(),
  pickup: z.string(),
  message: z.string(),
  status: z.enum(FARMER_OFFER_STATUSES),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
});

const inquiryParams = z.object({ inquiryId: z.uuid('Inquiry not found') });
// Shape is checked in the service so an altered link gets the same clear 404 as an unknown one.
const tokenParams = z.object({ token: z.string().max(200) });

/** The offer by e-mail (docs/product/selling.md#the-offer-by-e-mail): the admin's side and the farmer's link. */
export async function inquiryOfferRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/admin/inquiries/:inquiryId',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'inquiries.get',
        summary: "One sale inquiry with the seller's photos and every offer sent and answer given",
        errors: ['NOT_FOUND'],
        params: inquiryParams,
        response: {
          200: z.object({
            inquiry: inquirySchema,
            photos: z.array(
              z.object({
                id: z.string(),
                width: z.number().int(),
                height: z.number().int(),
                src: z.string(),
                thumb: z.string(),
              }),
            ),
            offers: z.array(offerSchema),
          }),
        },
      },
    },
    async (req) => inquiryDetail(ctx, req.actor(), req.params.inquiryId),
  );

  api.post(
    '/admin/inquiries/:inquiryId/offers',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'inquiries.sendOffer',
        summary: 'Send the seller an offer by e-mail (a revised offer replaces the open one)',
        errors: ['NOT_FOUND', 'VALIDATION', 'CONFLICT'],
        params: inquiryParams,
        body: z.object({
          amount: z.union([z.string().max(40), z.number()]),
          validUntil: z.string().max(40).nullish(),
          pickup: z.string().max(4000),
          message: z.string().max(8000).nullish(),
        }),
        response: { 201: z.object({ offer: offerSchema, inquiry: inquirySchema }) },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(await sendFarmerOffer(ctx, req.actor(), req.params.inquiryId, req.body, req.info())),
  );

  api.get(
    '/farmer-offers/:token',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'inquiries.farmerOffer',
        summary: "The offer behind a farmer's e-mailed link (no account; rate limited)",
        errors: ['NOT_FOUND', 'CONFLICT', 'RATE_LIMITED'],
        params: tokenParams,
        response: {
          200: z.object({
            tractor: z.string(),
            amountCents: z.number().int(),
            validUntil: z.string(),
            pickup: z.string(),
            message: z.string(),
          }),
        },
      },
    },
    async (req) => farmerOfferByToken(ctx, req.params.token, req.info()),
  );

  api.post(
    '/farmer-offers/:token/answer',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'inquiries.answerFarmerOffer',
        summary: "The farmer's answer to an offer: accept, decline or call me (the link works once)",
        errors: ['NOT_FOUND', 'CONFLICT', 'RATE_LIMITED', 'VALIDATION'],
        params: tokenParams,
        body: z.object({ answer: z.enum(FARMER_OFFER_ANSWERS, 'Choose accept, decline or call') }),
        response: {
          200: z.object({ status: z.enum(FARMER_OFFER_STATUSES), amountCents: z.number().int() }),
        },
      },
    },
    async (req) => answerFarmerOffer(ctx, req.params.token, req.body.answer, req.info()),
  );
}
