import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdirSync } from 'node:fs';
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

  init() {
    if (!existsSync(path.join(PG_BIN, 'initdb')))
      throw new Error(
        `PostgreSQL binaries not found in ${PG_BIN} (apt-get install postgresql-15, or set PG_BIN)`,
      );
    mkdirSync(this.dataDir, { recursive: true });
    if (this.asRoot) {
      const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
      const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
      chownSync(this.folder, uid, gid);
      chownSync(this.dataDir, uid, gid);
    }
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
    // Loopback only, its own socket folder, nothing written to disk in a hurry (it is thrown away).
    appendFileSync(
      path.join(this.dataDir, 'postgresql.conf'),
      [
        `port = ${this.port}`,
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = '${this.folder}'`,
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        'max_connections = 60',
        '',
      ].join('\n'),
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
