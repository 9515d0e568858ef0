#!/usr/bin/env node
// `npm run build` (after the web app): the server compiled to one JavaScript file, server/dist/server.js, which
// `npm start` and the systemd unit run, so production starts without compiling TypeScript (no tsx, no esbuild
// service process beside the server; decision 0048). Packages stay in node_modules (external); our own code
// (server/src and domain) is bundled, which also resolves domain's extensionless imports.
import { build } from 'esbuild';
import { root } from './runtime.mjs';

export const SERVER_BUNDLE = 'server/dist/server.js';

export async function buildServer() {
  const started = performance.now();
  await build({
    absWorkingDir: root,
    entryPoints: ['server/src/server.ts'],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    tsconfig: 'server/tsconfig.json',
    sourcemap: 'linked',
    // The sideEffects list of package.json is for the web bundle; the server's modules register mail templates
    // and the like on import, so nothing may be dropped here.
    ignoreAnnotations: true,
    logLevel: 'warning',
  });
  console.log(`Built ${SERVER_BUNDLE} in ${Math.round(performance.now() - started)} ms`);
}

if (import.meta.filename === process.argv[1]) await buildServer();
