import pg from 'pg';

/**
 * A DATABASE_URL naming a primary and its standbys, as libpq reads it:
 * `postgres://user:pw@10.0.0.1:5432,10.0.0.2:5432/fieldlot?target_session_attrs=read-write`. node-postgres takes
 * one host, so the connections made here try the hosts in order and, with read-write, keep the first that accepts
 * writes; after a failover the promoted standby is found by itself (docs/decisions/0036-failover-to-a-standby.md).
 */
export interface DatabaseTarget {
  /** `host:port` of each host, in the URL's order. */
  hosts: string[];
  /** The URL of each host alone (what node-postgres parses), without target_session_attrs. */
  hostUrls: string[];
  /** target_session_attrs=read-write: a host in recovery or read-only is skipped. */
  readWrite: boolean;
}

const URL_SHAPE = /^(postgres(?:ql)?:\/\/)([^/?#]*)(.*)$/;

/** Throws on a URL that is not PostgreSQL's or asks for session attributes other than `any` and `read-write`. */
export function parseDatabaseUrl(url: string): DatabaseTarget {
  const match = URL_SHAPE.exec(url);
  if (!match) throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  const [, scheme, authority, rest] = match;
  const at = authority.lastIndexOf('@');
  const userinfo = at >= 0 ? authority.slice(0, at + 1) : '';
  const hosts = authority.slice(at + 1).split(',');
  if (hosts.some((h) => !h)) throw new Error('DATABASE_URL names an empty host');
  const [pathPart, query = ''] = rest.split('?', 2);
  const params = new URLSearchParams(query);
  const attrs = params.get('target_session_attrs') ?? 'any';
  if (attrs !== 'any' && attrs !== 'read-write')
    throw new Error(`target_session_attrs=${attrs} is not supported (any or read-write)`);
  params.delete('target_session_attrs');
  const tail = pathPart + (params.size ? `?${params}` : '');
  const hostUrls = hosts.map((h) => `${scheme}${userinfo}${h}${tail}`);
  // Each must be a URL node-postgres can read.
  for (const u of hostUrls) new URL(u);
  return { hosts, hostUrls, readWrite: attrs === 'read-write' };
}

/** The error of "every host answered, none accepts writes": 57P03 is PostgreSQL's own "cannot connect now". */
function noWritableHost(hosts: string[]) {
  return Object.assign(new Error(`no database host accepts writes now (${hosts.join(', ')})`), {
    code: '57P03',
  });
}

async function isReadOnly(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ ro: string }>(
    "select current_setting('transaction_read_only') as ro",
  );
  return rows[0]?.ro === 'on';
}

/**
 * Which host new connections go to: the last one that worked, else the first (in the URL's order) that accepts a
 * connection and, with read-write, writes. A failed or dropped connection to it makes the next one look again.
 */
export class HostPicker {
  private current: number | null = null;
  private probing: Promise<number> | null = null;
  /** The host of the last connection that worked (not reset by a failure): a new one elsewhere is a failover. */
  private lastGood: number | null = null;
  /** Open connections and the host each went to. */
  private readonly open = new Map<pg.Client, number>();

  constructor(
    readonly target: DatabaseTarget,
    private readonly connectTimeoutMs: number,
  ) {}

  pick(): Promise<number> {
    if (this.current !== null) return Promise.resolve(this.current);
    // One host: nothing to choose, the connection itself checks it.
    if (this.target.hosts.length === 1) return Promise.resolve(0);
    this.probing ??= this.probe().finally(() => {
      this.probing = null;
    });
    return this.probing;
  }

  /**
   * The connection to `index` worked (and, with read-write, accepts writes). With read-write, a host other than the
   * last good one means the primary moved: connections still open to the old one are closed, so a request waiting
   * on a host that went silent (its machine frozen or cut off, the connection never dropping) fails now with a 503
   * and is sent again, instead of waiting for the query timeout (docs/decisions/0088).
   */
  keep(index: number) {
    this.current = index;
    const moved = this.target.readWrite && this.lastGood !== null && this.lastGood !== index;
    this.lastGood = index;
    if (!moved) return;
    for (const [client, host] of this.open)
      if (host !== index)
        (
          client as unknown as { connection?: { stream?: { destroy(): void } } }
        ).connection?.stream?.destroy();
  }

  /** Follows an open connection to `index` until it ends. */
  track(client: pg.Client, index: number) {
    this.open.set(client, index);
    client.once('end', () => this.open.delete(client));
  }

  /** The connection to `index` failed or dropped, or the host is read-only now. */
  forget(index: number) {
    if (this.current === index) this.current = null;
  }

  private async probe(): Promise<number> {
    let lastError: unknown = noWritableHost(this.target.hosts);
    for (const [index, url] of this.target.hostUrls.entries()) {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: this.connectTimeoutMs });
      client.on('error', () => {});
      try {
        await client.connect();
        if (!this.target.readWrite || !(await isReadOnly(client))) {
          this.current = index;
          return index;
        }
      } catch (err) {
        lastError = err;
      } finally {
        client.end().catch(() => {});
      }
    }
    throw lastError;
  }
}

type ConnectCallback = (err: Error | null, client?: pg.Client) => void;

/**
 * A pg.Client class (for pg.Pool's `Client` option, the LISTEN connection, the migration lock) whose connect()
 * goes to the host the picker chooses and, with read-write, refuses a read-only one.
 */
export function failoverClientClass(picker: HostPicker) {
  const { target } = picker;
  return class FailoverClient extends pg.Client {
    constructor(config: pg.ClientConfig = {}) {
      super({ ...config, connectionString: target.hostUrls[0] });
    }

    connect(): Promise<pg.Client>;
    connect(callback: ConnectCallback): void;
    connect(callback?: ConnectCallback): Promise<pg.Client> | undefined {
      const done = this.connectToPicked();
      if (!callback) return done;
      done.then(
        (c) => callback(null, c),
        (err: Error) => callback(err),
      );
      return undefined;
    }

    private async connectToPicked(): Promise<pg.Client> {
      const index = await picker.pick();
      // pg-pool's connect timeout may have fired while the hosts were being probed.
      const stream = (this as unknown as { connection?: { stream?: { destroyed?: boolean } } }).connection
        ?.stream;
      if (stream?.destroyed) throw new Error('timeout expired');
      const url = new URL(target.hostUrls[index]);
      const self = this as unknown as { host: string; port: number };
      self.host = url.hostname.replace(/^\[(.+)\]$/, '$1');
      self.port = Number(url.port || 5432);
      try {
        await super.connect();
      } catch (err) {
        picker.forget(index);
        throw err;
      }
      // Whatever ends this connection later (a restart, a failover) makes the next one look for the host again.
      this.on('error', () => picker.forget(index));
      if (target.readWrite && (await isReadOnly(this).catch(() => true))) {
        picker.forget(index);
        this.end().catch(() => {});
        throw noWritableHost([target.hosts[index]]);
      }
      picker.track(this, index);
      picker.keep(index);
      return this;
    }
  };
}
