// How every server process is started: `npm start`, the benchmarks, the cluster test, the browser tests and the
// systemd unit (deploy/systemd/fieldlot@.service repeats these flags; keep them the same).
//
// --max-semi-space-size=16: Node 24 sizes V8's young generation from the machine's memory (64 MB semi-spaces on
// a 25 GB machine, 16 MB on Node 20). Loading the server's modules makes a lot of short-lived garbage (Node 24
// parses drizzle-orm's 180 KB package.json for each of its files), and with the bigger young generation it
// stays until the process has grown to 310 MB. At 16 MB the same start peaks near 190 MB (decision 0023).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'];

/** Arguments for `node`: the flags, tsx, any extra `--import`s, then the entry file. */
export function serverArgs(...imports) {
  return [
    ...SERVER_NODE_FLAGS,
    '--import',
    'tsx',
    ...imports.flatMap((i) => ['--import', i]),
    'server/src/server.ts',
  ];
}

/**
 * Arguments for `node` running the compiled server (`npm run build` writes it; decision 0048): what `npm start`
 * and the systemd unit run. The browser tests, the cluster and resilience tests and the benches keep
 * `serverArgs()` (tsx), so they always run the sources as they are.
 */
export function compiledServerArgs(...imports) {
  return [...SERVER_NODE_FLAGS, ...imports.flatMap((i) => ['--import', i]), 'server/dist/server.js'];
}

/** Where the browser journeys' server writes its output, from the repository's root (printed when they fail). */
export const E2E_SERVER_LOG = '.tmp/e2e-server.log';
