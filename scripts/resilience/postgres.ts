import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, chownSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/** Debian's PostgreSQL 15 (PG_BIN overrides). */
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** A throw-away PostgreSQL of the resilience test: its own data folder, loopback only, a port chosen free. */
export class ScratchPostgres {
  readonly dataDir: string;
  private readonly asRoot = process.getuid?.() === 0;

  constructor(
    readonly folder: string,
    readonly port: number,
  ) {
    this.dataDir = path.join(folder, 'pgdata');
  }

  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** initdb refuses to run as root: then every PostgreSQL command runs as the postgres user. */
  private command(bin: string, args: string[]): [string, string[]] {
    const exe = path.join(PG_BIN, bin);
    return this.asRoot ? ['runuser', ['-u', 'postgres', '--', exe, ...args]] : [exe, args];
  }

  private makeFolders() {
    if (!existsSync(path.join(PG_BIN, 'initdb')))
      throw new Error(
        `PostgreSQL binaries not found in ${PG_BIN} (apt-get install postgresql-15, or set PG_BIN)`,
      );
    mkdirSync(this.dataDir, { recursive: true, mode: 0o700 });
    if (this.asRoot) {
      const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
      const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
      chownSync(this.folder, uid, gid);
      chownSync(this.dataDir, uid, gid);
      // The postgres user passes through the run's temporary folder (root's, 0700) to reach its own.
      chmodSync(path.dirname(this.folder), 0o711);
    }
  }

  /**
   * A primary whose commits wait for its standby (synchronous_commit = on, any standby is the synchronous one):
   * a write acknowledged to the app is on both, so a failover loses none (decision 0036). `synchronousStandby:
   * false`: a lone server.
   */
  init(options: { synchronousStandby?: boolean } = {}) {
    const synchronousStandby = options.synchronousStandby ?? true;
    this.makeFolders();
    const [cmd, args] = this.command('initdb', [
      '-D',
      this.dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    const r = spawnSync(cmd, args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`initdb failed: ${r.stderr || r.stdout}`);
    // Loopback only, its own socket folder, no fsync (it is thrown away; the processes stop, the machine does not).
    this.configure([
      `listen_addresses = '127.0.0.1'`,
      'fsync = off',
      'full_page_writes = off',
      'max_connections = 60',
      'wal_level = replica',
      'synchronous_commit = on',
      // Without a standby (the Timed Sale's bench and fault test), commits wait for nobody.
      ...(synchronousStandby ? [`synchronous_standby_names = '*'`] : []),
    ]);
  }

  /** A streaming standby of `primary` (running): its base backup, with primary_conninfo and standby.signal (-R). */
  initStandbyOf(primary: ScratchPostgres) {
    this.makeFolders();
    const [cmd, args] = this.command('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primary.port),
      '-U',
      'postgres',
      '-D',
      this.dataDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
    ]);
    const r = spawnSync(cmd, args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`pg_basebackup failed: ${r.stderr || r.stdout}`);
    // The copied postgresql.conf is the primary's: once promoted it has no standby of its own to wait for.
    // It asks the primary again within half a second when the primary restarts (its commits wait for this one).
    this.configure([`synchronous_standby_names = ''`, `wal_retrieve_retry_interval = '500ms'`]);
  }

  /** Appends to postgresql.conf (a later line wins), with this one's port and socket folder. */
  private configure(lines: string[]) {
    appendFileSync(
      path.join(this.dataDir, 'postgresql.conf'),
      ['', `port = ${this.port}`, `unix_socket_directories = '${this.folder}'`, ...lines, ''].join('\n'),
    );
  }

  /** Runs pg_ctl and waits for it (pg_ctl itself waits for start-up and shutdown with -w). */
  ctl(...args: string[]): Promise<void> {
    const [cmd, full] = this.command('pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      path.join(this.folder, 'postgres.log'),
      '-w',
      '-t',
      '60',
      ...args,
    ]);
    return new Promise((resolve, reject) => {
      const child = spawn(cmd, full, { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (d) => {
        output += d;
      });
      child.stderr.on('data', (d) => {
        output += d;
      });
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`pg_ctl ${args.join(' ')} failed: ${output}`)),
      );
    });
  }

  /** Stops it whatever its state (cleanup): no error when it is not running. */
  stopNow() {
    const [cmd, args] = this.command('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop']);
    spawnSync(cmd, args, { stdio: 'ignore' });
  }
}
