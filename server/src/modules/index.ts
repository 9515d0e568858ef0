import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/context.js';
import { authRoutes } from './auth/auth.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { siteRoutes } from './site/site.routes.js';

/**
 * Every feature module's routes, mounted under /api. Add one line per module.
 * Each route declares `config.access` (see plugins/auth.ts) and zod schemas for input and output.
 */
export async function registerModules(api: FastifyInstance, ctx: AppContext) {
  await healthRoutes(api, ctx);
  await siteRoutes(api, ctx);
  await authRoutes(api, ctx);
}
