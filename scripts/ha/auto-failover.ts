// A pg_auto_failover formation on one machine (docs/decisions/0088-automatic-failover-on-pg-auto-failover.md):
// a monitor, a primary and a synchronous standby, each a `pg_autoctl` keeper running its own PostgreSQL in its
// own process group (what a machine is to the drill: kill -9 or SIGSTOP the group). Data, configuration and logs
// live in one folder; the ports are given. Used by `npm run ha:up` / `ha:down` and `npm run test:failover`.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** Debian's PostgreSQL 15 (PG_BIN overrides) and pg_autoctl (package pg-auto-failover-cli). */
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const PG_AUTOCTL = process.env.PG_AUTOCTL ?? '/usr/bin/pg_autoctl';

/**
 * The monitor's failover timings (deploy/postgres-ha.md explains each; decisions 0088 and 0091). pg_auto_failover's
 * defaults wait 30 s for a primary that stopped answering to demote itself before promoting its standby; the
 * commits of such a primary wait for the standby it lost (synchronous replication), so nothing it acknowledged can
 * be lost by promoting sooner. Kept in one place: ha:up, the drill and the runbook use the same figures.
 */
export const MONITOR_SETTINGS: Record<string, string> = {
  'pgautofailover.health_check_period': '2s',
  'pgautofailover.health_check_timeout': '2s',
  'pgautofailover.health_check_max_retries': '2',
  'pgautofailover.health_check_retry_delay': '1s',
  'pgautofailover.node_considered_unhealthy_timeout': '10s',
  'pgautofailover.primary_demote_timeout': '5s',
};

/** The application's database (created by the first node) and its user (PostgreSQL's own, trusted on loopback). */
export const DATABASE = 'fieldlot';

export interface NodeInfo {
  name: string;
  port: number;
  reported: string;
  goal: string;
}

/** A keeper (monitor or node) started here: a process group of its own, output appended to a log file. */
export interface Keeper {
  name: string;
  port: number;
  pgdata: string;
  child: ChildProcess | null;
  /** The process group id (the keeper's pid), also when started by another process (ha:up). */
  pgid: number | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class AutoFailoverFormation {
  readonly monitor: Keeper;
  readonly nodes: Keeper[];
  private readonly asRoot = process.getuid?.() === 0;

  constructor(
    readonly folder: string,
    ports: { monitor: number; nodes: [number, number] },
  ) {
    const keeper = (name: string, port: number): Keeper => ({
      name,
      port,
      pgdata: path.join(folder, name),
      child: null,
      pgid: null,
    });
    this.monitor = keeper('monitor', ports.monitor);
    this.nodes = ports.nodes.map((p, i) => keeper(`node${i + 1}`, p));
  }

  get monitorUrl() {
    return `postgres://autoctl_node@127.0.0.1:${this.monitor.port}/pg_auto_failover?sslmode=disable`;
  }

  /** What the app is given: both nodes, the one that accepts writes (decision 0036). */
  get databaseUrl() {
    const hosts = this.nodes.map((n) => `127.0.0.1:${n.port}`).join(',');
    return `postgres://postgres@${hosts}/${DATABASE}?target_session_attrs=read-write`;
  }

  nodeUrl(node: Keeper) {
    return `postgres://postgres@127.0.0.1:${node.port}/${DATABASE}`;
  }

  /** Everything of pg_autoctl (its configuration and state files) stays in the folder. */
  private env(): Record<string, string> {
    return {
      PATH: `${PG_BIN}:/usr/bin:/bin`,
      PG_CONFIG: path.join(PG_BIN, 'pg_config'),
      XDG_CONFIG_HOME: path.join(this.folder, 'config'),
      XDG_DATA_HOME: path.join(this.folder, 'share'),
      XDG_RUNTIME_DIR: path.join(this.folder, 'run'),
      // The keepers write the standby's base backup next to its data folder.
      HOME: this.folder,
    };
  }

  /** pg_autoctl refuses root: then it runs as the postgres user (with the same environment). */
  private command(args: string[]): [string, string[]] {
    const env = Object.entries(this.env()).map(([k, v]) => `${k}=${v}`);
    return this.asRoot
      ? ['runuser', ['-u', 'postgres', '--', 'env', ...env, PG_AUTOCTL, ...args]]
      : ['env', [...env, PG_AUTOCTL, ...args]];
  }

  private prepareFolder() {
    if (!existsSync(PG_AUTOCTL) || !existsSync(path.join(PG_BIN, 'postgres')))
      throw new Error(
        `pg_autoctl or PostgreSQL 15 not found (apt-get install postgresql-15 postgresql-15-auto-failover pg-auto-failover-cli)`,
      );
    for (const sub of ['', 'config', 'share', 'run', 'logs'])
      mkdirSync(path.join(this.folder, sub), { recursive: true, mode: 0o700 });
    if (this.asRoot) {
      const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
      const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
      for (const sub of ['', 'config', 'share', 'run', 'logs'])
        chownSync(path.join(this.folder, sub), uid, gid);
      // The postgres user passes through the parent folder (a temporary folder of root's) to reach its own.
      chmodSync(path.dirname(this.folder), 0o711);
    }
  }

  /** Starts a keeper in its own process group, detached: with `keep` it outlives this process (ha:up). */
  private startKeeper(keeper: Keeper, args: string[], keep: boolean) {
    const out = openSync(path.join(this.folder, 'logs', `${keeper.name}.log`), 'a');
    const [cmd, full] = this.command(args);
    const child = spawn(cmd, full, { stdio: ['ignore', out, out], detached: true, cwd: this.folder });
    keeper.child = child;
    keeper.pgid = child.pid ?? null;
    child.on('exit', () => {
      if (keeper.child === child) keeper.child = null;
    });
    if (keep) child.unref();
  }

  /** Creates and runs the monitor and both nodes, and waits for a primary with its synchronous standby. */
  async up({ keep = false }: { keep?: boolean } = {}) {
    this.prepareFolder();
    const ssl = ['--auth', 'trust', '--no-ssl'];
    this.startKeeper(
      this.monitor,
      ['create', 'monitor', '--pgdata', this.monitor.pgdata, '--pgport', String(this.monitor.port)].concat([
        '--hostname',
        '127.0.0.1',
        ...ssl,
        '--run',
      ]),
      keep,
    );
    await this.waitFor('the monitor', 60_000, async () => {
      await this.query(this.monitorUrl, 'select 1 from pgautofailover.formation');
      return true;
    });
    await this.tuneMonitor();
    for (const [i, node] of this.nodes.entries()) {
      this.startKeeper(
        node,
        ['create', 'postgres', '--pgdata', node.pgdata, '--pgport', String(node.port)]
          .concat(['--hostname', '127.0.0.1', '--listen', '127.0.0.1', '--name', node.name])
          .concat(['--dbname', DATABASE, '--monitor', this.monitorUrl, ...ssl, '--run']),
        keep,
      );
      // The first node becomes the primary alone ("single") before the second joins as its standby.
      if (i === 0)
        await this.waitFor('the first node as primary', 90_000, async () =>
          (await this.states()).some((n) => n.name === node.name && n.reported === 'single'),
        );
    }
    await this.waitHealthy(180_000);
  }

  /** The monitor's timings (MONITOR_SETTINGS), set with ALTER SYSTEM and reloaded. */
  private async tuneMonitor() {
    const client = new pg.Client({ connectionString: this.monitorAdminUrl });
    await client.connect();
    try {
      for (const [name, value] of Object.entries(MONITOR_SETTINGS))
        await client.query(`alter system set ${name} = '${value}'`);
      await client.query('select pg_reload_conf()');
    } finally {
      await client.end();
    }
  }

  private get monitorAdminUrl() {
    return `postgres://postgres@127.0.0.1:${this.monitor.port}/pg_auto_failover`;
  }

  /** Every node's name, port, and the state it reported and was assigned, as the monitor knows them. */
  async states(): Promise<NodeInfo[]> {
    const rows = await this.query<{
      nodename: string;
      nodeport: number;
      reportedstate: string;
      goalstate: string;
    }>(
      this.monitorAdminUrl,
      'select nodename, nodeport, reportedstate::text, goalstate::text from pgautofailover.node order by nodeid',
    );
    return rows.map((r) => ({
      name: r.nodename,
      port: r.nodeport,
      reported: r.reportedstate,
      goal: r.goalstate,
    }));
  }

  /** Waits for a primary and a secondary, each in the state it was assigned (writes wait for the standby). */
  async waitHealthy(timeoutMs: number) {
    let lastCheckpoint = 0;
    await this.waitFor('a primary with its synchronous standby', timeoutMs, async () => {
      const nodes = await this.states();
      const primary = nodes.find((n) => n.reported === n.goal && n.reported === 'primary');
      const standby = nodes.find((n) => n.reported === n.goal && n.reported === 'secondary');
      if (primary && standby) return true;
      // A new standby's pg_basebackup waits for the primary's next checkpoint (every 5 minutes by default):
      // ask for one now.
      const source = nodes.find((n) => ['single', 'wait_primary', 'primary'].includes(n.reported));
      if (source && nodes.some((n) => ['wait_standby', 'catchingup'].includes(n.reported))) {
        if (Date.now() - lastCheckpoint > 3000) {
          lastCheckpoint = Date.now();
          await this.query(`postgres://postgres@127.0.0.1:${source.port}/postgres`, 'checkpoint').catch(
            () => {},
          );
        }
      }
      return false;
    });
  }

  /**
   * From the monitor's events since `since` (ms): when it found `old` unhealthy and when `promoted` reported
   * itself a primary (wait_primary: it takes writes), in ms after `since`; null when it has no such event.
   */
  async failoverTimes(since: number, old: Keeper, promoted: Keeper | null) {
    const rows = await this.query<{ at: Date; nodename: string; reportedstate: string; description: string }>(
      this.monitorAdminUrl,
      `select eventtime as at, nodename, reportedstate::text, description from pgautofailover.event
        where eventtime >= to_timestamp(${since / 1000}) order by eventid`,
    );
    const after = (row: { at: Date } | undefined) => (row ? row.at.getTime() - since : null);
    return {
      unhealthyMs: after(
        rows.find((r) => r.description.includes(`"${old.name}"`) && /unhealthy/.test(r.description)),
      ),
      promotedMs: after(
        rows.find(
          (r) => r.nodename === promoted?.name && ['wait_primary', 'primary'].includes(r.reportedstate),
        ),
      ),
    };
  }

  /** The node the monitor names primary (assigned), or null while there is none. */
  async primary(): Promise<Keeper | null> {
    const nodes = await this.states();
    const p = nodes.find((n) => ['primary', 'wait_primary', 'single'].includes(n.goal));
    return this.nodes.find((k) => k.name === p?.name) ?? null;
  }

  /** Signals a keeper's whole process group (the keeper, its PostgreSQL and every backend). */
  signal(keeper: Keeper, sig: NodeJS.Signals) {
    if (!keeper.pgid) return;
    try {
      process.kill(-keeper.pgid, sig);
    } catch {}
  }

  /**
   * The process group of a node's running PostgreSQL (its postmaster.pid), which is its keeper's: what a machine
   * is on this one. Null when it is not running.
   */
  machineGroup(node: Keeper): number | null {
    try {
      const pid = Number(readFileSync(path.join(node.pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
      // /proc/<pid>/stat: "pid (comm) state ppid pgrp ..."; comm has no ")" for postgres.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) || null;
    } catch {
      return null;
    }
  }

  /** The state letter of a node's postmaster (R, S, T when stopped...), or null when it is not running. */
  postmasterState(node: Keeper): string | null {
    try {
      const pid = Number(readFileSync(path.join(node.pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return `${pid} ${stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]}`;
    } catch {
      return null;
    }
  }

  /**
   * Every process of a node's "machine": its keeper's process group and the children of its postmaster, which
   * PostgreSQL puts in sessions of their own (setsid), so a signal to the group alone leaves the backends and
   * the WAL sender running.
   */
  machineProcesses(node: Keeper): number[] {
    const group = this.machineGroup(node);
    if (!group) return [];
    const postmaster = Number(readFileSync(path.join(node.pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const pids: number[] = [];
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const [, ppid, pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (Number(pgrp) === group || Number(ppid) === postmaster) pids.push(Number(entry));
      } catch {}
    }
    return pids;
  }

  /** Signals each of `pids` (a machine's processes); the count of those signalled. */
  signalAll(pids: number[], sig: NodeJS.Signals): number {
    let n = 0;
    for (const pid of pids) {
      try {
        process.kill(pid, sig);
        n++;
      } catch {}
    }
    return n;
  }

  /** Signals a whole process group; false when it is gone. */
  signalGroup(pgid: number, sig: NodeJS.Signals): boolean {
    try {
      process.kill(-pgid, sig);
      return true;
    } catch {
      return false;
    }
  }

  /** Starts a node's keeper again (after kill -9): it asks the monitor and rejoins as a standby if demoted. */
  restartNode(node: Keeper, keep = false) {
    this.startKeeper(node, ['run', '--pgdata', node.pgdata], keep);
  }

  /** Stops every keeper (SIGTERM to each group, SIGKILL after `graceMs`); no error when one is gone. */
  async down(pgids: number[] = [], graceMs = 10_000) {
    const groups = [...new Set([...this.nodes, this.monitor].map((k) => k.pgid).concat(pgids))].filter(
      (g): g is number => !!g,
    );
    const alive = (g: number) => {
      try {
        process.kill(-g, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (const g of groups) {
      try {
        process.kill(-g, 'SIGCONT');
        process.kill(-g, 'SIGTERM');
      } catch {}
    }
    const deadline = Date.now() + graceMs;
    while (groups.some(alive) && Date.now() < deadline) await sleep(200);
    for (const g of groups.filter(alive)) {
      try {
        process.kill(-g, 'SIGKILL');
      } catch {}
    }
  }

  async query<T = unknown>(url: string, text: string): Promise<T[]> {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    client.on('error', () => {});
    try {
      await client.connect();
      return (await client.query(text)).rows as T[];
    } finally {
      await client.end().catch(() => {});
    }
  }

  private async waitFor(what: string, timeoutMs: number, check: () => Promise<boolean>) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        if (await check()) return;
      } catch {}
      if (Date.now() > deadline)
        throw new Error(
          `timed out after ${timeoutMs / 1000} s waiting for ${what} (logs: ${this.folder}/logs)`,
        );
      await sleep(250);
    }
  }
}
