import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_HEADER, cookieNames } from '../../../domain/session-cookies.js';
import type { SessionUser } from '../../../domain/users.js';
import { AppError } from '../lib/app-error.js';
import { audit } from '../lib/audit.js';
import type { Actor, AppContext, RequestInfo } from '../lib/context.js';
import { randomToken, safeEqual } from '../lib/crypto.js';
import { clearCachedSessions, SessionCache } from '../lib/session-cache.js';
import { type CachedLoad, loadSession } from '../lib/sessions.js';

/**
 * Who may call a route. Every /api route must declare one (deny by default: a route without it
 * fails at start-up). 'public' routes still get the session when there is one.
 */
/** 'inspector': inspectors and admins (condition reports, decision 0014). */
export type Access = 'public' | 'signedIn' | 'dealer' | 'inspector' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Skip the anti-forgery check (only for endpoints that change nothing a forger could use). */
    skipCsrf?: boolean;
    /** Public routes that never read the session (health checks answer whatever the database does; 0031). */
    noSession?: boolean;
    /** The spec's own texts for a refused caller (e.g. "You must be logged in to create a listing"). */
    deniedMessages?: { signedOut?: string; forbidden?: string };
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
    /** The caller as services see it; throws 401 when signed out. */
    actor(): Actor;
    info(): RequestInfo;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access;
}

/** Every /api route with its access rule, as registered (the authorization matrix test walks this). */
export const routeRegistry: RegisteredRoute[] = [];

const ACCESS_OK: Record<Access, (u: SessionUser | null) => boolean> = {
  public: () => true,
  signedIn: (u) => u !== null,
  dealer: (u) => u?.status === 'approved' || u?.status === 'admin',
  inspector: (u) => u?.status === 'inspector' || u?.status === 'admin',
  admin: (u) => u?.status === 'admin',
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const authPlugin = fp(async (app: FastifyInstance, opts: { ctx: AppContext }) => {
  const { ctx } = opts;
  const names = cookieNames(ctx.config.production);
  const publicOrigin = new URL(ctx.config.publicUrl).origin;
  const sessionCache = new SessionCache<CachedLoad>(ctx.config.sessionCacheMs, undefined, undefined, (hit) =>
    ctx.metrics.cacheLookup('session', hit),
  );
  await sessionCache.start(ctx.database);
  app.addHook('onClose', async () => {
    await sessionCache.stop();
  });
  // A write of this process (sign-in, approval, profile change) shows on its next request at once; other
  // instances hear of it through the database's session.changed notification.
  app.addHook('onSend', async (req) => {
    if (!SAFE_METHODS.has(req.method) && req.url.startsWith('/api')) clearCachedSessions();
  });

  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('actor', function (this: FastifyRequest): Actor {
    if (!this.user) throw new AppError('UNAUTHENTICATED', 'You must be signed in');
    return { userId: this.user.id, email: this.user.email, name: this.user.name, status: this.user.status };
  });
  app.decorateRequest('info', function (this: FastifyRequest): RequestInfo {
    return { ip: this.ip, userAgent: String(this.headers['user-agent'] ?? '') };
  });

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeRegistry.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (req, reply) => {
    const access = req.routeOptions.config?.access;
    if (!req.url.startsWith('/api') || !access) return;

    ensureCsrfCookie(req, reply, names.csrf, ctx.config.production);

    const token = req.routeOptions.config.noSession ? undefined : req.cookies[names.session];
    if (token) {
      const loaded = await loadSession(ctx.db, ctx.clock, token, sessionCache);
      if (loaded) {
        req.user = loaded.user;
        req.sessionId = loaded.sessionId;
      } else {
        reply.clearCookie(names.session, { path: '/' });
      }
    }

    if (!SAFE_METHODS.has(req.method) && !req.routeOptions.config.skipCsrf) {
      checkCsrf(req, names.csrf, publicOrigin);
    }

    if (!ACCESS_OK[access](req.user)) {
      const custom = req.routeOptions.config.deniedMessages;
      if (!req.user) throw new AppError('UNAUTHENTICATED', custom?.signedOut ?? 'You must be signed in');
      await audit(ctx.db, {
        action: 'authz.denied',
        actorUserId: req.user.id,
        actorEmail: req.user.email,
        details: { method: req.method, route: req.routeOptions.url, required: access },
        request: req.info(),
      });
      throw new AppError(
        'FORBIDDEN',
        custom?.forbidden ??
          (access === 'admin' ? 'Access denied. Admin privileges required.' : 'Access denied'),
      );
    }
  });
});

function ensureCsrfCookie(req: FastifyRequest, reply: FastifyReply, name: string, secure: boolean) {
  if (req.cookies[name]) return;
  const value = randomToken();
  // Readable by our own script (double-submit); useless to another site, which cannot read it.
  reply.setCookie(name, value, { path: '/', sameSite: 'lax', secure, httpOnly: false });
  req.cookies[name] = value;
}

/** Anti-forgery: refuse cross-site requests by Origin / Sec-Fetch-Site, and require the double-submit token. */
function checkCsrf(req: FastifyRequest, cookieName: string, publicOrigin: string) {
  const site = req.headers['sec-fetch-site'];
  if (site && site !== 'same-origin' && site !== 'none') {
    throw new AppError('CSRF', 'Cross-site request refused');
  }
  const origin = req.headers.origin;
  if (origin && origin !== publicOrigin && origin !== `${req.protocol}://${req.headers.host}`) {
    throw new AppError('CSRF', 'Cross-site request refused');
  }
  const header = req.headers[CSRF_HEADER];
  const cookie = req.cookies[cookieName];
  if (typeof header !== 'string' || !cookie || !safeEqual(header, cookie)) {
    throw new AppError('CSRF', 'Your session has expired. Please reload the page and try again.');
  }
}
