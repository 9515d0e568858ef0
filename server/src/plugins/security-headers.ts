import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet would set, computed once at start-up: @fastify/helmet rebuilt its middleware on every request
 * (about 6% of the CPU of a cached inventory page; decision 0020). The Content-Security-Policy goes with HTML
 * responses only (documents are what it protects); every other header goes with every response.
 */
export function computeHelmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return res;
    },
    removeHeader() {},
  };
  helmet(options)({} as never, res as unknown as ServerResponse, () => {});
  return headers;
}

export const securityHeaders = fp(async (app: FastifyInstance, opts: { helmet: HelmetOptions }) => {
  const { 'content-security-policy': csp, ...common } = computeHelmetHeaders(opts.helmet);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(common);
    done();
  });
  if (csp) {
    app.addHook('onSend', (_req, reply, payload, done) => {
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('text/html'))
        reply.header('content-security-policy', csp);
      done(null, payload);
    });
  }
});
