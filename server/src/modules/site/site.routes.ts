import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.js';

/** Public, operator-configurable facts the SPA shows (docs/product/public-site.md#brand-and-configuration: rebrand without touching code). */
const siteConfigSchema = z.object({
  name: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  officeAddress: z.string(),
  copyrightYear: z.number(),
  publicUrl: z.string(),
  demo: z.boolean(),
});

export async function siteRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/site',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'site.get',
        summary: 'Brand name, contact details and public URL',
        errors: [],
        response: { 200: siteConfigSchema },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return {
        name: ctx.config.brand.name,
        supportEmail: ctx.config.brand.supportEmail,
        supportPhone: ctx.config.brand.supportPhone,
        officeAddress: ctx.config.brand.officeAddress,
        copyrightYear: ctx.config.brand.copyrightYear ?? ctx.clock.now().getUTCFullYear(),
        publicUrl: ctx.config.publicUrl,
        demo: ctx.config.demo,
      };
    },
  );
}
