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
  /** The check of each host under way (one at a time per host: a silent host's holds until it times out). */
  private readonly checking = new Map<number, Promise<HostState>>();
  /** Counts the moves, so a connection made across one can tell. */
  private moves = 0;

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

  /** How many times the primary moved so far (see keep). */
  get moveCount() {
    return this.moves;
  }

  /** The host connections go to now, or null while it is being looked for. */
  get currentHost() {
    return this.current;
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
    this.moves += 1;
    for (const [client, host] of this.open)
      if (host !== index)
        (
          client as unknown as { connection?: { stream?: { destroy(): void } } }
        ).connection?.stream?.destroy();
  }

  /**
   * Requests have been waiting on the current host for a while (a statement unanswered, the pool's connections
   * all taken by such): with read-write, each other host is checked, and one that takes writes now means the
   * primary moved (the monitor promoted the standby) and is kept, which closes the connections left on the old
   * one. The current host itself is not asked: a silent one would only hold the check. A host that takes writes
   * but waits for a standby that is not there (an old primary back from a freeze, or cut off from its standby and
   * monitor, before its keeper demotes it: its commits hang) is not moved to (docs/decisions/0091). Cheap when
   * nothing moved: one short connection to each other host, at most one at a time each.
   */
  recheck() {
    if (!this.target.readWrite || this.lastGood === null) return;
    for (const index of this.target.hosts.keys()) {
      if (index === this.lastGood || this.checking.has(index)) continue;
      this.check(index).then(
        (state) => {
          if (answersWrites(state) && this.lastGood !== index) this.keep(index);
        },
        () => {},
      );
    }
  }

  /** Follows a connection to `index` (being made, then open) until it ends. */
  track(client: pg.Client, index: number) {
    this.open.set(client, index);
    client.once('end', () => this.open.delete(client));
  }

  /** The connection to `index` failed or dropped, or the host is read-only now. */
  forget(index: number) {
    if (this.current === index) this.current = null;
  }

  /**
   * Whether host `index` accepts a connection now and (with read-write) writes; rejects when it does not answer
   * within the connect timeout. One check per host at a time: a second caller shares the first's.
   */
  private check(index: number): Promise<HostState> {
    let running = this.checking.get(index);
    if (running) return running;
    running = (async () => {
      const client = new pg.Client({
        connectionString: this.target.hostUrls[index],
        connectionTimeoutMillis: this.connectTimeoutMs,
        // A host that answers the connection and then goes silent must not hold the check either.
        query_timeout: this.connectTimeoutMs,
      });
      client.on('error', () => {});
      try {
        await client.connect();
        if (!this.target.readWrite) return { writable: true, commitsAnswer: true };
        // Commits are answered unless they wait for a synchronous standby and none is connected (the view
        // shows every WAL sender's row to any role, their details only to privileged ones).
        const { rows } = await client.query<{ ro: string; answer: boolean }>(
          `select current_setting('transaction_read_only') as ro,
                  current_setting('synchronous_standby_names') = '' or exists (select 1 from pg_stat_replication) as answer`,
        );
        return { writable: rows[0]?.ro !== 'on', commitsAnswer: rows[0]?.answer === true };
      } finally {
        client.end().catch(() => {});
      }
    })().finally(() => this.checking.delete(index));
    this.checking.set(index, running);
    return running;
  }

  /**
   * The host to use now. With read-write every host is asked at once and the first that takes writes with its
   * commits answered is used (a silent host early in the list does not hold the answer for its connect timeout);
   * one whose commits would wait for a missing standby only when no other takes writes (an old primary not yet
   * demoted, or a primary whose synchronous standby is down: reads still work there). Otherwise the first that
   * accepts a connection, in the URL's order.
   */
  private async probe(): Promise<number> {
    const hosts = [...this.target.hosts.keys()];
    if (this.target.readWrite) {
      const index = await new Promise<number>((resolve, reject) => {
        const checks: HostCheck[] = [];
        const settled = (check: HostCheck) => {
          checks.push(check);
          // The first host that takes writes with its commits answered is used at once.
          if (check.state && answersWrites(check.state)) return resolve(check.index);
          if (checks.length < hosts.length) return;
          try {
            resolve(chooseWritableHost(checks, noWritableHost(this.target.hosts)));
          } catch (err) {
            reject(err);
          }
        };
        for (const i of hosts)
          this.check(i).then(
            (state) => settled({ index: i, state }),
            (error) => settled({ index: i, error }),
          );
      });
      this.current = index;
      return index;
    }
    let lastError: unknown = noWritableHost(this.target.hosts);
    for (const index of hosts) {
      try {
        if ((await this.check(index)).writable) {
          this.current = index;
          return index;
        }
      } catch (err) {
        lastError = err;
      }
    }
    throw lastError;
  }
}

/** A host that takes writes and answers their commits: the one a read-write pool wants. */
const answersWrites = (state: HostState) => state.writable && state.commitsAnswer;

/** One host's check as it settled: what it found, or why it failed. */
export interface HostCheck {
  index: number;
  state?: HostState;
  error?: unknown;
}

/**
 * The host a read-write pool uses, from every host's check in the order they settled: the first that takes
 * writes with its commits answered; else the first that takes writes whose commits would wait for a missing
 * standby (an old primary not yet demoted, or a primary whose synchronous standby is down: decision 0091);
 * else it throws the last failure, or `none` when every host answered and none takes writes.
 */
export function chooseWritableHost(checks: readonly HostCheck[], none: unknown): number {
  const answering = checks.find((c) => c.state && answersWrites(c.state));
  if (answering) return answering.index;
  const waiting = checks.find((c) => c.state?.writable);
  if (waiting) return waiting.index;
  const failed = checks.filter((c) => c.error !== undefined).at(-1);
  throw failed ? failed.error : none;
}

/** What a check of one host found. */
export interface HostState {
  /** It accepts a connection and, with read-write, writes. */
  writable: boolean;
  /** Its commits are answered: synchronous replication is off, or a standby is connected. */
  commitsAnswer: boolean;
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
      const moves = picker.moveCount;
      // pg-pool's connect timeout may have fired while the hosts were being probed.
      const stream = (this as unknown as { connection?: { stream?: { destroyed?: boolean } } }).connection
        ?.stream;
      if (stream?.destroyed) throw new Error('timeout expired');
      const url = new URL(target.hostUrls[index]);
      const self = this as unknown as { host: string; port: number };
      self.host = url.hostname.replace(/^\[(.+)\]$/, '$1');
      self.port = Number(url.port || 5432);
      // Followed from now on: a move elsewhere (picker.recheck) also ends a connection still being made to a
      // silent host, which would otherwise wait for its connect timeout.
      picker.track(this, index);
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
      // The primary moved elsewhere while this connected (picker.recheck): it must not move it back.
      if (picker.moveCount !== moves && picker.currentHost !== index) {
        this.end().catch(() => {});
        throw noWritableHost([target.hosts[index]]);
      }
      picker.keep(index);
      return this;
    }
  };
}
