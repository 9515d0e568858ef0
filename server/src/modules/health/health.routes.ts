import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.js';

/** Apps whose process got SIGTERM: readiness answers 503 so load balancers stop sending them requests. */
const draining = new WeakSet<AppContext>();

/** Called on SIGTERM, before the server stops accepting (server.ts); there is no way back. */
export function startDraining(ctx: AppContext) {
  draining.add(ctx);
}

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const body = z.object({ status: z.string() });

  // Liveness checks nothing: the process answers (the session is not read either, so a visitor's cookie does not
  // make it depend on the database).
  api.get(
    '/health/live',
    {
      config: { access: 'public', noSession: true },
      schema: {
        operationId: 'health.live',
        summary: 'Liveness: the process answers',
        errors: [],
        response: { 200: body },
      },
    },
    async () => ({ status: 'ok' }),
  );

  // Readiness: 503 while draining after SIGTERM, or when the database does not answer.
  api.get(
    '/health/ready',
    {
      config: { access: 'public', noSession: true },
      schema: {
        operationId: 'health.ready',
        summary: 'Readiness: the database answers and the process is not shutting down (503 when not)',
        errors: [],
        response: { 200: body, 503: body },
      },
    },
    async (_req, reply) => {
      if (draining.has(ctx)) return reply.code(503).send({ status: 'draining' });
      try {
        await Promise.race([
          ctx.database.ping(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref()),
        ]);
        return { status: 'ready' };
      } catch {
        return reply.code(503).send({ status: 'database unavailable' });
      }
    },
  );
}
