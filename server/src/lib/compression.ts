import { constants } from 'node:zlib';

/**
 * Compression of dynamic answers (decision 0048): a few KB of JSON made per request gains little from brotli's
 * higher qualities and costs the CPU every request pays (quality 4 was an eighth of Node's time on a 3 KB page).
 * Quality 1 and gzip level 1 are cheap; static assets stay precompressed at build time at the highest levels
 * (web/vite.config.ts, decision 0020).
 */
export const DYNAMIC_BROTLI_QUALITY = 1;
export const DYNAMIC_GZIP_LEVEL = 1;
/** Below this a body is sent as it is (both by @fastify/compress and by cached JSON bodies). */
export const COMPRESS_THRESHOLD = 1024;

export function dynamicBrotliParams(size?: number): Record<number, number> {
  const params: Record<number, number> = {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
  };
  if (size !== undefined) params[constants.BROTLI_PARAM_SIZE_HINT] = size;
  return params;
}
