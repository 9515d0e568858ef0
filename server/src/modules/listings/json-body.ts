import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_THRESHOLD, DYNAMIC_GZIP_LEVEL, dynamicBrotliParams } from '../../lib/compression.js';

type Encoding = 'br' | 'gzip';

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
      // The same cheap settings as @fastify/compress (lib/compression.ts, decision 0048).
      body =
        encoding === 'br'
          ? brotliCompressSync(this.json, { params: dynamicBrotliParams(Buffer.byteLength(this.json)) })
          : gzipSync(this.json, { level: DYNAMIC_GZIP_LEVEL });
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
  const encoding = body.json.length >= COMPRESS_THRESHOLD ? plainEncoding(req) : null;
  if (!encoding) return reply.send(body.json);
  // A set Content-Encoding makes @fastify/compress pass the bytes through.
  return reply
    .header('vary', 'accept-encoding')
    .header('content-encoding', encoding)
    .send(body.encodedAs(encoding));
}
