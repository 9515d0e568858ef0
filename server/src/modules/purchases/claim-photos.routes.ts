import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { claimPhotoParams } from '../../../../domain/purchases-api.js';
import type { AppContext } from '../../lib/context.js';
import { claimPhotoFile } from './claim-photos.service.js';

/**
 * Claim photos (docs/product/purchases.md#inspection-guarantee). Public as a route so that everybody the service
 * refuses (visitors included) gets the same 404; the service checks who may see the photo first.
 */
export async function claimPhotoRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/purchases/:purchaseId/claims/photos/:file',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'purchases.claimPhoto',
        summary: "A claim photo (WebP, 400 or 1600 px wide): the buyer's dealership and admins only",
        errors: ['NOT_FOUND', 'VALIDATION'],
        tags: ['purchases'],
        params: claimPhotoParams,
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
      const data = await claimPhotoFile(
        ctx,
        req.user ? req.actor() : null,
        req.params.purchaseId,
        req.params.file,
      );
      // Evidence: never in a shared cache, and kept briefly so that losing access takes effect soon.
      return reply
        .header('content-type', 'image/webp')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', 'inline')
        .send(data);
    },
  );
}
