// Writes .gz and .br next to every compressible file of the built web app's assets, so nginx serves them
// as they are (gzip_static / brotli_static) instead of compressing on each request.
// Usage: node deploy/precompress.mjs [web/dist]
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map|webmanifest)$/;

export function precompress(dir) {
  let count = 0;
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      count += precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(name) || statSync(file).size < 1024) continue;
    const body = readFileSync(file);
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    count += 1;
  }
  return count;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = path.resolve(process.argv[2] ?? 'web/dist');
  console.log(`Precompressed ${precompress(path.join(dist, 'assets'))} files in ${dist}/assets`);
}
