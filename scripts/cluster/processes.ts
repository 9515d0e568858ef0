import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';

/** A child process of the cluster test: its own process group, output in a log file and (by line) to a callback. */
export interface Managed {
  name: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** The last lines of output, for error messages. */
  tail(): string;
  /** Signals the whole process group (nginx's workers, tsx's node); no error when it is gone. */
  signal(sig: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when it has exited. */
  stop(graceMs?: number): Promise<void>;
}

export function startProcess(
  name: string,
  cmd: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; cwd: string; logFile: string; onLine?: (line: string) => void },
): Managed {
  const child = spawn(cmd, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const lines: string[] = [];
  let partial = '';
  const take = (chunk: Buffer) => {
    log.write(chunk);
    const parts = (partial + chunk.toString('utf8')).split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      if (lines.length > 40) lines.shift();
      options.onLine?.(line);
    }
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code, sig) => {
      log.end();
      resolve(code ?? (sig ? 128 : null));
    });
    child.once('error', (err) => {
      lines.push(String(err));
      resolve(127);
    });
  });
  const alive = () => child.exitCode === null && child.signalCode === null;
  const signal = (sig: NodeJS.Signals) => {
    if (!child.pid || !alive()) return;
    try {
      process.kill(-child.pid, sig);
    } catch {}
  };
  return {
    name,
    child,
    exited,
    tail: () => lines.slice(-20).join('\n'),
    signal,
    async stop(graceMs = 5000) {
      if (!alive()) return;
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `check` until it returns true or `timeoutMs` passes (then throws `what`). */
export async function waitFor(what: string, timeoutMs: number, check: () => Promise<boolean> | boolean) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs / 1000} s: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
