import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { spaRouteOf } from '../../../domain/routes.js';
import type { AppContext } from '../lib/context.js';
import { safeEqual } from '../lib/crypto.js';
import type { Metrics } from '../lib/metrics.js';

/** Where Prometheus scrapes: outside /api (not an API operation, not in the OpenAPI document). */
export const METRICS_PATH = '/metrics';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A response that lasts as long as the client stays (server-sent events): counted, never timed. */
    longLived?: boolean;
  }
}

const NOT_FOUND = { error: { code: 'NOT_FOUND', message: 'Not found' } };
const UNAUTHENTICATED = {
  error: { code: 'UNAUTHENTICATED', message: 'Metrics need the bearer token of METRICS_TOKEN' },
};

/**
 * GET /metrics for the operator (docs/decisions/0037-operator-metrics.md), never public: on the app's port it
 * answers only `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise) and is a 404 while no token is set;
 * METRICS_PORT serves it on a port of its own (METRICS_HOST, loopback by default). Requests are counted and timed
 * by route pattern only when metrics are served at all.
 */
export async function registerMetrics(app: FastifyInstance, ctx: AppContext) {
  const { metrics } = ctx;
  const { token, port, host } = ctx.config.metrics;
  if (token || port) {
    metrics.collectDefaults();
    app.addHook('onResponse', async (req, reply) => {
      const seconds = req.routeOptions.config?.longLived ? null : reply.elapsedTime / 1000;
      metrics.request(routeLabel(req), req.method, reply.statusCode, seconds);
    });
  }

  app.get(METRICS_PATH, { schema: { hide: true } }, async (req, reply) => {
    if (!token) return reply.code(404).send(NOT_FOUND);
    if (!bearerMatches(req.headers.authorization, token))
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send(UNAUTHENTICATED);
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.render());
  });

  if (port) {
    let server: Server | null = null;
    app.addHook('onReady', async () => {
      server = await listenForScrapes(metrics, port, host, token);
      app.log.info({ port, host }, 'metrics served on their own port');
    });
    app.addHook('onClose', async () => {
      // A scraper's keep-alive connection would hold close() open.
      server?.closeAllConnections();
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    });
  }
}

/**
 * The route pattern (`/api/listings/:id`), never the raw URL: a path no route matched is labelled by its SPA page
 * (`/tractor/:id`) or `unmatched`, so labels stay few whatever clients ask for.
 */
export function routeLabel(req: FastifyRequest): string {
  const pattern = req.routeOptions?.url;
  if (pattern) return pattern;
  return spaRouteOf(req.url.split('?')[0]) ?? 'unmatched';
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match !== null && safeEqual(match[1], token);
}

/** The metrics port: GET /metrics only (the token too when one is set), 404 for anything else. */
function listenForScrapes(metrics: Metrics, port: number, host: string, token?: string): Promise<Server> {
  const server = createServer((req: IncomingMessage, res) => {
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET' || req.url?.split('?')[0] !== METRICS_PATH) return json(404, NOT_FOUND);
    if (token && !bearerMatches(req.headers.authorization, token))
      return json(401, UNAUTHENTICATED, { 'www-authenticate': 'Bearer realm="metrics"' });
    metrics.render().then(
      (text) => {
        res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
        res.end(text);
      },
      () => json(500, { error: { code: 'INTERNAL', message: 'Metrics could not be collected' } }),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
