import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cookieNames } from '../../../../domain/session-cookies.js';
import { isDatabaseUnavailable } from '../../db/unavailable.js';
import type { AppContext } from '../../lib/context.js';
import { loadSession } from '../../lib/sessions.js';
import { type EventClient, EventHub } from './events.hub.js';

export const HEARTBEAT_MS = 25_000;
/** Browsers retry after this long when a stream drops (our client adds its own backoff on top). */
export const RETRY_MS = 3_000;
const MAX_STREAMS_PER_USER = 8;

/**
 * GET /api/events: a Server-Sent Events stream of the signed-in user's live events (offer changes; new offers
 * for admins). Fed by PostgreSQL LISTEN/NOTIFY through the process-wide hub.
 */
export async function eventsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const hub = new EventHub(ctx);
  ctx.metrics.gauge(
    'live_streams_open',
    'Live update streams (server-sent events) open on this instance',
    () => hub.clients.size,
  );
  const sessionCookie = cookieNames(ctx.config.production).session;
  app.addHook('preClose', async () => {
    await hub.close();
  });

  api.get(
    '/events',
    {
      config: { access: 'signedIn', longLived: true },
      schema: {
        operationId: 'events.stream',
        summary: 'Live updates as server-sent events (text/event-stream)',
        errors: [],
        headers: z.object({ 'last-event-id': z.string().max(100).optional() }),
        response: {
          200: {
            description: 'Server-sent events until the client disconnects or the session ends',
            content: { 'text/event-stream': { schema: z.string() } },
          },
        },
      },
    },
    async (req, reply) => {
      const user = req.actor();
      await hub.start();
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(`retry: ${RETRY_MS}\n: connected\n\n`);
      const client: EventClient = { userId: user.userId, isAdmin: user.status === 'admin', res };

      const mine = [...hub.clients].filter((c) => c.userId === user.userId);
      if (mine.length >= MAX_STREAMS_PER_USER) mine[0].res.end();
      hub.add(client);
      hub.replay(client, req.headers['last-event-id']);

      // Heartbeats keep proxies from closing the stream; each one also re-checks the session, so a
      // signed-out or rejected user stops receiving events within one beat.
      const token = req.cookies[sessionCookie];
      const beat = setInterval(async () => {
        let session: Awaited<ReturnType<typeof loadSession>> = null;
        try {
          session = token ? await loadSession(ctx.db, ctx.clock, token) : null;
        } catch (err) {
          // The database is away: keep the stream (the listener's return tells it to resync); the check runs
          // again at the next beat. Any other failure ends it, as a signed-out session would.
          if (isDatabaseUnavailable(err)) {
            res.write(': ping\n\n');
            return;
          }
        }
        if (!session || session.user.status === 'pending' || session.user.status === 'rejected') {
          res.end();
          return;
        }
        client.isAdmin = session.user.status === 'admin';
        res.write(': ping\n\n');
      }, HEARTBEAT_MS);
      beat.unref();
      res.on('close', () => {
        clearInterval(beat);
        hub.remove(client);
      });
    },
  );
}
