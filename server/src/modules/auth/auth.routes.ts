import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionUserSchema } from '../../../../domain/users.js';
import type { AppContext } from '../../lib/context.js';

export async function authRoutes(app: FastifyInstance, _ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** Who is signed in (null when nobody). Also hands out the anti-forgery cookie. */
  api.get(
    '/auth/session',
    {
      config: { access: 'public' },
      schema: { response: { 200: z.object({ user: sessionUserSchema.nullable() }) } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { user: req.user };
    },
  );
}
