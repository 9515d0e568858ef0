import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';
/** Below this @fastify/compress leaves a body alone too (app.ts). */
const THRESHOLD = 1024;

/**
 * A response body already serialized (and schema-checked) by the service. It keeps its compressed forms once
 * made, so a cached first page sent to thousands of browsers is compressed once, not per request.
 */
export class JsonBody {
  private readonly encoded: Partial<Record<Encoding, Buffer>> = {};
  constructor(readonly json: string) {}

  encodedAs(encoding: Encoding): Buffer {
    let body = this.encoded[encoding];
    if (!body) {
      // The same settings as @fastify/compress: brotli quality 4 in text mode, gzip at zlib's default.
      body =
        encoding === 'br'
          ? brotliCompressSync(this.json, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_QUALITY]: 4,
                [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(this.json),
              },
            })
          : gzipSync(this.json);
      this.encoded[encoding] = body;
    }
    return body;
  }
}

/** br or gzip when the client lists it plainly; q-values and the like are left to @fastify/compress. */
export function plainEncoding(req: FastifyRequest): Encoding | null {
  const header = req.headers['accept-encoding'];
  if (!header || header.includes(';') || req.headers['x-no-compression'] !== undefined) return null;
  const listed = header.split(',').map((s) => s.trim().toLowerCase());
  return listed.includes('br') ? 'br' : listed.includes('gzip') ? 'gzip' : null;
}

/** Sends the body as is: a JSON content type keeps Fastify from serializing it again. */
export function sendJson(req: FastifyRequest, reply: FastifyReply, body: JsonBody) {
  reply.type('application/json; charset=utf-8');
  const encoding = body.json.length >= THRESHOLD ? plainEncoding(req) : null;
  if (!encoding) return reply.send(body.json);
  // A set Content-Encoding makes @fastify/compress pass the bytes through.
  return reply
    .header('vary', 'accept-encoding')
    .header('content-encoding', encoding)
    .send(body.encodedAs(encoding));
}
