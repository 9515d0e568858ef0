import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { BOOT_AFTER_PAINT_SCRIPT, EARLY_TAPS_SCRIPT } from '../../domain/early-taps.js';
import type { RenderedPage } from '../../domain/rendered-page.js';
import { isSpaRoute } from '../../domain/routes.js';
import { cookieNames, parseTimeZone, TIME_ZONE_COOKIE_NAMES } from '../../domain/session-cookies.js';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { databaseErrorKind } from './db/unavailable.js';
import { type Clock, systemClock } from './lib/clock.js';
import { COMPRESS_THRESHOLD, DYNAMIC_GZIP_LEVEL, dynamicBrotliParams } from './lib/compression.js';
import type { AppContext } from './lib/context.js';
import { DomainEventBus } from './lib/domain-events.js';
import { Metrics } from './lib/metrics.js';
import { redactSecrets, redactUrl } from './lib/redact-url.js';
import { observeModules, registerModules, subscribeModules } from './modules/index.js';
import { tractorPageHints } from './modules/listings/index.js';
import { apiDocsRoutes, registerOpenapi } from './openapi/api-docs.js';
import { PageRenderer } from './page-renderer.js';
import { authPlugin } from './plugins/auth.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerMetrics } from './plugins/metrics.js';
import { securityHeaders } from './plugins/security-headers.js';
import { isSignedInRenderedScreen, tractorPageId, WebShell } from './web-shell.js';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  clock?: Clock;
  /** Serve the built SPA (off in API tests). */
  serveWeb?: boolean;
  /** Folder of the built SPA (tests point it at a fixture). */
  webDist?: string;
  /** Where log lines go (stdout by default; tests read them). */
  logStream?: NodeJS.WritableStream;
  /** How long a request waits for its page rendered on the server before it gets the shell (default 2 s). */
  pageRenderWaitMs?: number;
}

export type App = FastifyInstance & { ctx: AppContext };

/**
 * A line per request cost about a fifth of the throughput: "incoming request" lines only at LOG_LEVEL=debug; a
 * completed request is logged when it failed (5xx or an error), was slow, or falls in the sample (1%; decision 0020).
 */
class SampledRequestLog extends LogController {
  constructor(
    private readonly slowMs: number,
    private readonly sample: number,
  ) {
    super();
  }
  override incomingRequest(req: FastifyRequest) {
    // Free at the default level (pino drops it before building the line); an operator's tail at debug sees all.
    req.log.debug({ req }, 'incoming request');
  }
  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply) {
    const ms = reply.elapsedTime;
    if (error) reply.log.error({ req, res: reply, err: error, responseTime: ms }, 'request errored');
    else if (reply.statusCode >= 500 || ms >= this.slowMs)
      reply.log.warn({ req, res: reply, responseTime: ms }, 'request completed');
    else if (Math.random() < this.sample)
      reply.log.info({ req, res: reply, responseTime: ms, sampled: true }, 'request completed');
  }
}

/**
 * Public pages prerendered at build time (scripts/prerender.mjs, decision 0020): served to requests without a
 * session cookie; a signed-in user gets the plain shell (their page depends on who they are).
 */
const PRERENDERED: Record<string, string> = {
  '/': 'prerendered/index.html',
  '/dealer-benefits': 'prerendered/dealer-benefits.html',
};

/** The CSP sources that allow the inline head scripts (domain/early-taps.ts), and only them. */
const inlineScriptHash = (script: string) =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
const INLINE_SCRIPT_HASHES = [EARLY_TAPS_SCRIPT, BOOT_AFTER_PAINT_SCRIPT].map(inlineScriptHash);

/** The pool's gauges, read at each scrape (PostgreSQL; PGlite has no pool and leaves them without a sample). */
function observeDatabase({ database, metrics }: AppContext) {
  metrics.gauge(
    'database_pool_connections',
    'Open connections of the database pool',
    () => database.poolStats()?.total,
  );
  metrics.gauge(
    'database_pool_idle_connections',
    'Idle connections of the database pool',
    () => database.poolStats()?.idle,
  );
  metrics.gauge(
    'database_pool_waiting_requests',
    'Queries waiting for a connection of the database pool',
    () => database.poolStats()?.waiting,
  );
}

/** The one way to build the server: used by server.ts, the tests and the benchmarks. */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization'],
            // Link tokens travel in query strings (/reset-password?token=...) and in the farmer's offer path
            // (/farmer-offer/<token>): logged URLs carry none, and every line is scrubbed once more on its way out.
            hooks: { streamWrite: redactSecrets },
            serializers: {
              req: (req: FastifyRequest) => ({
                method: req.method,
                url: redactUrl(req.url),
                host: req.host,
                remoteAddress: req.ip,
                remotePort: req.socket?.remotePort,
              }),
            },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    logController: new SampledRequestLog(config.slowRequestMs, config.requestLogSample),
    trustProxy: config.trustProxy,
    bodyLimit: 1_000_000,
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    // Keep handlers running on shutdown until they finish (graceful close).
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    clock: options.clock ?? systemClock,
    log: app.log,
    events: new DomainEventBus(),
    metrics: new Metrics(),
  };
  app.decorate('ctx', ctx);
  database.setLog(app.log);
  observeDatabase(ctx);
  const stopCountingErrors = database.onError((err) =>
    ctx.metrics.databaseError(databaseErrorKind(err) ?? 'other'),
  );
  app.addHook('onClose', async () => {
    stopCountingErrors();
  });
  observeModules(ctx);
  subscribeModules(ctx.events);
  // A request that emitted domain events delivers them before it answers (they are committed by then), so what
  // they cause is there when the client looks; the worker delivers any left behind (decision 0027).
  app.addHook('onSend', async (req, _reply, payload) => {
    if (ctx.events.emittedSinceLastPass())
      await ctx.events.deliverDue(ctx).catch((err) => req.log.error({ err }, 'domain events not delivered'));
    return payload;
  });

  // A token in the path or the query (the farmer's offer link, reset and sign-in links): no cache, shared or
  // private, keeps the answer, its errors included (docs/product/security.md).
  app.addHook('onSend', async (req, reply, payload) => {
    if (redactUrl(req.url) !== req.url) reply.header('cache-control', 'no-store');
    return payload;
  });

  registerErrorHandler(app, (kind) => ctx.metrics.databaseError(kind));
  registerInputGuard(app);
  await registerMetrics(app, ctx);
  await app.register(cookie);
  await app.register(securityHeaders, {
    helmet: {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...(config.s3 ? [new URL(config.s3.endpoint).origin] : [])],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // The inline script that holds taps made before hydration, and nothing else inline (decision 0053).
          scriptSrc: ["'self'", ...INLINE_SCRIPT_HASHES],
          connectSrc: ["'self'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          upgradeInsecureRequests: config.production ? [] : null,
        },
      },
      hsts: config.production ? { maxAge: 31536000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    },
  });
  // Cheap levels for dynamic answers; static files come precompressed at the highest (decision 0048).
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: dynamicBrotliParams() },
    zlibOptions: { level: DYNAMIC_GZIP_LEVEL },
  });
  await registerOpenapi(app, config);
  await app.register(authPlugin, { ctx });

  await app.register(
    async (api) => {
      await registerModules(api, ctx);
      await apiDocsRoutes(api, config);
    },
    { prefix: '/api' },
  );

  const webDist = options.webDist ?? WEB_DIST;
  const webShell = new WebShell(webDist);
  // Visitors (no session cookie) get pages rendered ahead: prerendered public pages, server-rendered tractor pages.
  const sessionCookie = cookieNames(config.production).session;
  const signedIn = (req: { headers: { cookie?: string } }) =>
    Boolean(req.headers.cookie?.includes(`${sessionCookie}=`));
  if (options.serveWeb !== false && existsSync(webDist)) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Look files up per request (not a route per file at start-up), so a rebuilt web/dist is served at once.
      wildcard: true,
      index: false,
      // Brotli (quality 11) and gzip files written at build time, picked by Accept-Encoding (decision 0020).
      preCompressed: true,
      setHeaders(res, filePath) {
        // Hashed assets never change; everything else must be revalidated.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The root is a folder to the static plugin; it is the SPA's shell to us (prerendered for visitors).
    for (const [route, file] of Object.entries(PRERENDERED)) {
      app.get(route, (req, reply) => {
        reply.header('cache-control', 'no-cache');
        // Signed in: the dealer's screen rendered with its session (decision 0058), else the shell with the session
        // and the screen's scripts and data preloaded (decision 0053).
        if (signedIn(req)) return sendSignedInPage(req, reply, route);
        return reply.sendFile(existsSync(path.join(webDist, file)) ? file : 'index.html');
      });
    }
  }
  const pageRenderer = new PageRenderer(path.join(webDist, '../dist-ssr'), options.pageRenderWaitMs);
  /**
   * A dealer's screen rendered on the server with the request's session (decision 0058): each request the page
   * makes while rendering goes through this app with the request's cookie, so the API's own access checks decide
   * what is in it. Null (the browser renders the page) off the dealer screens or on any failure.
   */
  const renderSignedIn = async (
    req: FastifyRequest,
    pathname: string,
    search = '',
  ): Promise<RenderedPage | null> => {
    // Dates render in the reader's zone, which the page's script has written by now; without it the browser renders.
    const timeZone = parseTimeZone(TIME_ZONE_COOKIE_NAMES.map((name) => req.cookies[name]).find(Boolean));
    if (!timeZone || !isSignedInRenderedScreen(pathname)) return null;
    const headers = { cookie: req.headers.cookie ?? '', 'user-agent': req.headers['user-agent'] ?? '' };
    const serverFetch = async (request: Request) => {
      // A page reads while it renders; nothing it does then may change anything.
      if (request.method !== 'GET') return new Response(null, { status: 405 });
      const url = new URL(request.url);
      const answer = await app.inject({ method: 'GET', url: url.pathname + url.search, headers });
      return new Response(answer.payload, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    };
    return pageRenderer.signedInPage(pathname + search, serverFetch, timeZone).catch((err) => {
      req.log.warn({ err }, 'signed-in page not rendered on the server');
      return null;
    });
  };
  const sendSignedInPage = async (req: FastifyRequest, reply: FastifyReply, pathname: string) => {
    const search = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    const rendered = await renderSignedIn(req, pathname, search);
    // The page holds this dealer's own data: never kept by a shared cache, nor by the browser's.
    if (rendered) reply.header('cache-control', 'private, no-store');
    return reply.type('text/html; charset=utf-8').send(webShell.signedInPage(pathname, rendered));
  };
  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0];
    if (
      pathname.startsWith('/api/') ||
      pathname === '/api' ||
      // A missing hashed asset is a 404, never the SPA's HTML under a .js or .css name.
      pathname.startsWith('/assets/') ||
      options.serveWeb === false ||
      !existsSync(webDist)
    ) {
      return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
    if (!isSpaRoute(pathname)) {
      req.log.warn({ path: redactUrl(pathname) }, 'page not found');
      reply.code(404);
    }
    reply.header('cache-control', 'no-cache');
    const tractorId = tractorPageId(pathname);
    if (tractorId) {
      const hints = await tractorPageHints(ctx, tractorId).catch(() => null);
      // A visitor's page of a live tractor comes rendered (decision 0024), from the very answer the page's own
      // request would get; anything else, or any failure, gets the shell and the page renders in the browser.
      let rendered: RenderedPage | null = null;
      if (hints && signedIn(req)) rendered = await renderSignedIn(req, pathname);
      else if (hints) {
        const answer = await app.inject({ method: 'GET', url: hints.dataUrl });
        if (answer.statusCode === 200)
          rendered = await pageRenderer.tractorPage(tractorId, answer.json()).catch((err) => {
            req.log.warn({ err }, 'tractor page not rendered on the server');
            return null;
          });
      }
      if (rendered && signedIn(req)) reply.header('cache-control', 'private, no-store');
      return reply
        .type('text/html; charset=utf-8')
        .send(webShell.tractorPage(hints, rendered, signedIn(req)));
    }
    if (signedIn(req)) return sendSignedInPage(req, reply, pathname);
    return reply.sendFile('index.html');
  });

  return Object.assign(app, { ctx }) as App;
}
