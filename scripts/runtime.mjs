// The pinned Node runtime (decision 0006). package.json pins Node 24 as an optional dependency
// (`node-<platform>-<arch>`); `npm start` and `npm test` re-run themselves on it, whatever `node` started them.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MIN = [22, 12];

const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);

/** `npm install` when node_modules is missing or older than package-lock.json (it brings the pinned node). */
export function ensureInstalled() {
  // A node_modules linked from another checkout (a git worktree's) is that checkout's to install: npm here would
  // replace the link with a whole copy of its own.
  const modules = path.join(root, 'node_modules');
  if (existsSync(modules) && lstatSync(modules).isSymbolicLink()) return;
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  if (existsSync(marker) && mtime(marker) >= mtime(path.join(root, 'package-lock.json'))) return;
  console.log('Installing dependencies...');
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** Path of the pinned node binary in node_modules, or null when this platform has none installed. */
export function pinnedNode() {
  const pkg = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
  const bin = path.join(root, 'node_modules', pkg, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  return existsSync(bin) ? bin : null;
}

function supported(version) {
  const [major, minor] = version.slice(1).split('.').map(Number);
  return major > MIN[0] || (major === MIN[0] && minor >= MIN[1]);
}

/**
 * Makes the rest of the calling script run on the pinned Node: when this process is another node, the same
 * script is started again on the pinned one (its exit code and signals are passed through) and this call never
 * returns. `FIELDLOT_SYSTEM_NODE=1` keeps the node that started us (an operator with Node 24 installed).
 * Children find the pinned node first on PATH, so `npx` tools (shebang `env node`) run on it too.
 */
export function runOnPinnedNode() {
  const pinned = process.env.FIELDLOT_SYSTEM_NODE === '1' ? null : pinnedNode();
  if (pinned) {
    const binDir = path.dirname(pinned);
    if (!(process.env.PATH ?? '').startsWith(binDir + path.delimiter)) {
      process.env.PATH = `${binDir}${path.delimiter}${process.env.PATH ?? ''}`;
    }
    // Real paths: a checkout whose node_modules is a link (a worktree's) would otherwise start itself forever.
    if (realpathSync(process.execPath) !== realpathSync(pinned)) {
      const child = spawn(pinned, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
      for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
      child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
      return new Promise(() => {}); // never settles: the child does the work
    }
  } else if (!supported(process.version)) {
    const why =
      process.env.FIELDLOT_SYSTEM_NODE === '1'
        ? 'FIELDLOT_SYSTEM_NODE=1 asks for the node on PATH'
        : `no pinned Node 24 is installed for ${process.platform}-${process.arch} (run \`npm install\`)`;
    console.error(`FieldLot needs Node ${MIN.join('.')} or newer; this is ${process.version} and ${why}.`);
    process.exit(1);
  }
  return Promise.resolve();
}
