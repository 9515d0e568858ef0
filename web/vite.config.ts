import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import { BOOT_AFTER_PAINT_SCRIPT, EARLY_TAPS_SCRIPT } from '../domain/early-taps.js';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;

/** Public pages prerendered for visitors, served by the server to requests without a session (app.ts PRERENDERED). */
const PRERENDERED: Record<string, string> = {
  '/': 'prerendered/index.html',
  '/dealer-benefits': 'prerendered/dealer-benefits.html',
};

const alias = {
  '@': path.resolve(import.meta.dirname, 'src'),
  '@domain': path.resolve(import.meta.dirname, '../domain'),
  // React Router's package exports point every bundler at its development build (dev warnings on); ours ships
  // the production build the package also carries (decision 0023).
  'react-router': path.resolve(import.meta.dirname, '../node_modules/react-router/dist/production/index.mjs'),
};

/**
 * After the client build: builds src/prerender.tsx for Node, renders each public page as a signed-out visitor sees
 * it and writes it into a copy of the built index.html (`<div id="root" data-prerendered>`), which main.tsx
 * hydrates (decision 0020). The server falls back to the plain shell when these files are missing.
 */
export function prerenderPages(): Plugin {
  let outDir = '';
  return {
    name: 'fieldlot-prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        // Kept next to the client build: the server renders tractor pages for visitors with it (decision 0024).
        const ssrOut = path.resolve(import.meta.dirname, 'dist-ssr');
        await build({
          configFile: false,
          root: import.meta.dirname,
          logLevel: 'warn',
          plugins: [react()],
          resolve: { alias },
          build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true, copyPublicDir: false },
        });
        const { render } = (await import(pathToFileURL(path.join(ssrOut, 'prerender.js')).href)) as {
          render: (url: string) => Promise<string>;
        };
        const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        for (const [url, file] of Object.entries(PRERENDERED)) {
          let html = await render(url);
          // The page's <title> (React hoists it into <head> in the browser) goes where the shell's title is.
          const title = html.match(/<title>[^<]*<\/title>/)?.[0];
          if (title) html = html.replace(title, '');
          const page = shell
            .replace(/<title>[^<]*<\/title>/, title ?? '$&')
            .replace('<div id="root"></div>', `<div id="root" data-prerendered>${html}</div>`);
          if (page === shell) throw new Error('index.html has no <div id="root"></div>');
          mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
          writeFileSync(path.join(outDir, file), page);
        }
      },
    },
  };
}

/**
 * Inlines the script that holds back taps made before hydration (domain/early-taps.ts, decision 0053) first in
 * the head of index.html, so every page built from it (prerendered, rendered on the server, the shell) has it.
 * The server allows it by its hash: the text must stay exactly the shared string.
 */
export function earlyTaps(): Plugin {
  return {
    name: 'fieldlot-early-taps',
    transformIndexHtml: () => [
      { tag: 'script', children: EARLY_TAPS_SCRIPT, injectTo: 'head-prepend' },
      { tag: 'script', children: BOOT_AFTER_PAINT_SCRIPT, injectTo: 'head-prepend' },
    ],
  };
}

/**
 * Writes `<file>.br` (brotli quality 11) and `<file>.gz` (gzip 9) next to every text file of the build, once, so the
 * server sends them as they are (@fastify/static preCompressed; decision 0020) instead of compressing each request
 * at a fast, weak level. Runs last (after the prerender step writes its HTML).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'fieldlot-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const walk = (dir: string): string[] =>
          readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
            e.isDirectory()
              ? e.name === '.vite'
                ? []
                : walk(path.join(dir, e.name))
              : [path.join(dir, e.name)],
          );
        for (const file of walk(outDir)) {
          if (!COMPRESSIBLE.test(file) || statSync(file).size < 1024) continue;
          const body = readFileSync(file);
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
          );
          writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        }
      },
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss(), earlyTaps(), prerenderPages(), precompress()],
  resolve: { alias },
  // manifest: scripts/bench-web.mjs follows it to size what the landing page loads.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 400,
    // One framework chunk for what every page needs (fewer, better-compressed requests on first load).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
            },
            // lucide-react made one sub-kilobyte chunk per icon (a request each, six at a time over HTTP/1.1): all
            // the icons the app uses are one small chunk (decision 0023).
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.API_PORT ?? 3000}`, changeOrigin: false } },
  },
});
