import path from 'node:path';
import { compiledServerArgs } from '../server-args.mjs';
import { type Managed, startProcess } from './processes.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** What the orchestrator knows of one app instance, from its JSON log lines. */
export interface InstanceState {
  name: string;
  port: number;
  up: boolean;
  starts: number;
  requests: number;
  /** Times (ms) at which it accepted a live-event stream (/api/events). */
  eventStreams: number[];
}

export class AppInstance {
  state: InstanceState;
  proc: Managed | null = null;

  constructor(
    name: string,
    port: number,
    private readonly env: NodeJS.ProcessEnv,
    private readonly logDir: string,
  ) {
    this.state = { name, port, up: false, starts: 0, requests: 0, eventStreams: [] };
  }

  get url() {
    return `http://127.0.0.1:${this.state.port}`;
  }

  /** Starts the server as the systemd unit does (pinned node, the compiled server, NODE_ENV=production). */
  start() {
    this.state.starts += 1;
    const proc = startProcess(`app-${this.state.name}`, process.execPath, compiledServerArgs(), {
      cwd: ROOT,
      env: { ...this.env, PORT: String(this.state.port) },
      logFile: path.join(this.logDir, `app-${this.state.name}.log`),
      onLine: (line) => this.onLine(line),
    });
    this.proc = proc;
    void proc.exited.then(() => {
      if (this.proc === proc) this.state.up = false;
    });
  }

  private onLine(line: string) {
    if (!line.startsWith('{')) return;
    try {
      const entry = JSON.parse(line) as { msg?: string; req?: { url?: string } };
      if (entry.msg !== 'incoming request') return;
      this.state.requests += 1;
      if (entry.req?.url?.startsWith('/api/events')) this.state.eventStreams.push(Date.now());
    } catch {}
  }

  async waitReady(timeoutMs = 90_000) {
    const proc = this.proc!;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (proc.child.exitCode !== null || proc.child.signalCode !== null)
        throw new Error(`instance ${this.state.name} exited:\n${proc.tail()}`);
      try {
        if ((await fetch(`${this.url}/api/health/ready`)).ok) break;
      } catch {}
      if (Date.now() > deadline) throw new Error(`instance ${this.state.name} not ready:\n${proc.tail()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    this.state.up = true;
  }

  kill() {
    this.proc?.signal('SIGKILL');
    this.state.up = false;
  }
}
