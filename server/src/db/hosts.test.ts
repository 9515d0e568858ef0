import net from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port.js';
import { openDatabase, STALL_CHECK } from './client.js';
import { chooseWritableHost, failoverClientClass, HostPicker, parseDatabaseUrl } from './hosts.js';
import { isDatabaseUnavailable } from './unavailable.js';

describe('DATABASE_URL with several hosts (decision 0036)', () => {
  it('splits the hosts and keeps the rest of the URL for each', () => {
    expect(
      parseDatabaseUrl(
        'postgres://app:p%40ss@10.0.0.1:5432,10.0.0.2:5433/fieldlot?sslmode=require&target_session_attrs=read-write',
      ),
    ).toEqual({
      hosts: ['10.0.0.1:5432', '10.0.0.2:5433'],
      hostUrls: [
        'postgres://app:p%40ss@10.0.0.1:5432/fieldlot?sslmode=require',
        'postgres://app:p%40ss@10.0.0.2:5433/fieldlot?sslmode=require',
      ],
      readWrite: true,
    });
  });

  it('reads one host as before', () => {
    expect(parseDatabaseUrl('postgresql://db/fieldlot')).toEqual({
      hosts: ['db'],
      hostUrls: ['postgresql://db/fieldlot'],
      readWrite: false,
    });
  });

  it('refuses what it cannot honour', () => {
    expect(() => parseDatabaseUrl('mysql://x')).toThrow(/postgres/);
    expect(() => parseDatabaseUrl('postgres://a,,b/db')).toThrow(/empty host/);
    expect(() => parseDatabaseUrl('postgres://a,b/db?target_session_attrs=standby')).toThrow(/not supported/);
  });
});

describe('choosing the host that takes writes (decision 0091)', () => {
  const answering = { writable: true, commitsAnswer: true };
  const hanging = { writable: true, commitsAnswer: false };
  const standby = { writable: false, commitsAnswer: true };
  const none = new Error('no host takes writes');

  it('skips an old primary whose commits would wait for a missing standby, whichever answered first', () => {
    expect(
      chooseWritableHost(
        [
          { index: 0, state: hanging },
          { index: 1, state: answering },
        ],
        none,
      ),
    ).toBe(1);
    expect(
      chooseWritableHost(
        [
          { index: 1, state: answering },
          { index: 0, state: hanging },
        ],
        none,
      ),
    ).toBe(1);
    expect(
      chooseWritableHost(
        [
          { index: 2, state: standby },
          { index: 0, state: hanging },
          { index: 1, state: answering },
        ],
        none,
      ),
    ).toBe(1);
  });

  it('uses such a host only when no other takes writes (reads still work there)', () => {
    const down = new Error('connect ECONNREFUSED');
    expect(
      chooseWritableHost(
        [
          { index: 0, state: hanging },
          { index: 1, error: down },
        ],
        none,
      ),
    ).toBe(0);
    expect(
      chooseWritableHost(
        [
          { index: 1, state: standby },
          { index: 0, state: hanging },
        ],
        none,
      ),
    ).toBe(0);
  });

  it('fails with the last failure, or with none when every host answered read-only', () => {
    const first = new Error('timeout');
    const last = new Error('connect ECONNREFUSED');
    expect(() =>
      chooseWritableHost(
        [
          { index: 0, error: first },
          { index: 1, state: standby },
          { index: 2, error: last },
        ],
        none,
      ),
    ).toThrow(last);
    expect(() => chooseWritableHost([{ index: 0, state: standby }], none)).toThrow(none);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('connecting through a host list on PostgreSQL', () => {
  const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://x');
  const auth = base.username ? `${base.username}${base.password ? `:${base.password}` : ''}@` : '';
  const real = `${base.hostname}:${base.port || 5432}`;
  const urlWith = (hosts: string, query: string) => `postgres://${auth}${hosts}${base.pathname}?${query}`;

  it('skips a host that refuses and uses the next for the pool and the LISTEN connection', async () => {
    const dead = `127.0.0.1:${await freePort()}`;
    const database = await openDatabase({
      databaseUrl: urlWith(`${dead},${real}`, 'target_session_attrs=read-write'),
      poolSize: 2,
    });
    try {
      await database.ping();
      const heard: string[] = [];
      await database.listen('fieldlot_hosts_test', (payload) => heard.push(payload));
      await database.db.execute(sql`select pg_notify('fieldlot_hosts_test', 'hello')`);
      await expect.poll(() => heard).toEqual(['hello']);
    } finally {
      await database.close();
    }
  });

  it('closes the connections left on the old host once a connection reaches another writable one', async () => {
    // Two names of one server stand for the old primary, gone silent, and the promoted standby.
    const other = `${base.hostname === 'localhost' ? '127.0.0.1' : 'localhost'}:${base.port || 5432}`;
    const picker = new HostPicker(
      parseDatabaseUrl(urlWith(`${real},${other}`, 'target_session_attrs=read-write')),
      5000,
    );
    const Client = failoverClientClass(picker);
    const stuck = new Client();
    stuck.on('error', () => {});
    await stuck.connect();
    const waiting = stuck.query('select pg_sleep(30)').then(
      () => 'answered',
      (err: Error) => err.message,
    );
    const started = Date.now();
    // The next connection finds the other host (as after a failover): the one waiting on the first ends now.
    // (Both names take writes: the picker took whichever answered first.)
    const first = picker.currentHost ?? 0;
    picker.forget(first);
    picker.keep(1 - first);
    expect(await waiting).toMatch(/terminated|closed|ended/i);
    expect(Date.now() - started).toBeLessThan(5000);
    await stuck.end().catch(() => {});
  });

  it('looks past a silent host at once when choosing the writable one', async () => {
    // A host that accepts the TCP connection and never answers: a frozen machine's PostgreSQL.
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentHost = `127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
    const database = await openDatabase({
      databaseUrl: urlWith(`${silentHost},${real}`, 'target_session_attrs=read-write'),
      poolSize: 2,
      connectTimeoutMs: 5000,
    });
    try {
      const started = Date.now();
      await database.ping();
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      await database.close();
      silent.close();
    }
  });

  it('ends a connection still being made to a silent host once another takes writes', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentHost = `127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
    const picker = new HostPicker(
      parseDatabaseUrl(urlWith(`${silentHost},${real}`, 'target_session_attrs=read-write')),
      5000,
    );
    const Client = failoverClientClass(picker);
    // The silent host was the primary until now: the next connection goes there and waits (no connect timeout).
    picker.keep(0);
    const client = new Client();
    client.on('error', () => {});
    const connecting = client.connect().then(
      () => 'connected',
      (err: Error) => err.message,
    );
    try {
      await new Promise((r) => setTimeout(r, 200));
      const started = Date.now();
      picker.recheck();
      expect(await connecting).toMatch(/terminated/i);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(picker.currentHost).toBe(1);
    } finally {
      await client.end().catch(() => {});
      silent.close();
    }
  });

  it('moves to another host that takes writes while a statement waits on the current one', async () => {
    // Two names of one server: the first stands for a primary gone silent, the second for the promoted standby.
    const other = `${base.hostname === 'localhost' ? '127.0.0.1' : 'localhost'}:${base.port || 5432}`;
    const database = await openDatabase({
      databaseUrl: urlWith(`${real},${other}`, 'target_session_attrs=read-write'),
      poolSize: 2,
    });
    try {
      await database.ping();
      const started = Date.now();
      // Held past STALL_CHECK.afterMs, the pool's connection makes the picker check the other host, which takes
      // writes: the connection left on the first is closed (the request would answer 503 and be sent again).
      const err = await database.db.execute(sql`select pg_sleep(20)`).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isDatabaseUnavailable(err)).toBe(true);
      expect(Date.now() - started).toBeLessThan(STALL_CHECK.afterMs + 5000);
      // New connections go to the other host.
      await database.ping();
    } finally {
      await database.close();
    }
  });

  it('gets back the place in the pool of a transaction whose begin met a dropped connection', async () => {
    // A relay to the server that, once armed, drops the connection when the next statement arrives.
    let dropNext = false;
    const relay = net.createServer((inbound) => {
      const outbound = net.connect(Number(base.port || 5432), base.hostname);
      const drop = () => {
        inbound.destroy();
        outbound.destroy();
      };
      inbound.on('error', drop);
      outbound.on('error', drop);
      inbound.on('data', (chunk) => {
        if (dropNext) {
          dropNext = false;
          drop();
        } else outbound.write(chunk);
      });
      outbound.on('data', (chunk) => inbound.write(chunk));
      inbound.on('close', drop);
      outbound.on('close', drop);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const relayHost = `127.0.0.1:${(relay.address() as net.AddressInfo).port}`;
    const database = await openDatabase({
      databaseUrl: urlWith(relayHost, ''),
      poolSize: 2,
      connectTimeoutMs: 1000,
    });
    try {
      for (let i = 0; i < 3; i++) {
        await database.ping();
        dropNext = true;
        const err = await database.db
          .transaction((tx) => tx.execute(sql`select 1`))
          .then(
            () => null,
            (e: unknown) => e,
          );
        expect(isDatabaseUnavailable(err)).toBe(true);
        // The client whose begin failed was handed back (and dropped): its place is free again.
        await expect.poll(() => database.poolStats()?.total).toBeLessThanOrEqual(1);
      }
      // Two transactions at once: both places of the pool work.
      const both = await Promise.all(
        [1, 2].map(() => database.db.transaction((tx) => tx.execute(sql`select pg_sleep(0.1)`))),
      );
      expect(both).toHaveLength(2);
    } finally {
      await database.close();
      relay.close();
    }
  });

  it('refuses a read-only host with read-write, as an outage (503), and takes it with any', async () => {
    const readOnly = 'options=-c%20default_transaction_read_only%3Don';
    const strict = await openDatabase({
      databaseUrl: urlWith(real, `${readOnly}&target_session_attrs=read-write`),
      poolSize: 1,
    });
    const loose = await openDatabase({ databaseUrl: urlWith(real, readOnly), poolSize: 1 });
    try {
      const err = await strict.ping().catch((e: unknown) => e);
      expect(err).toMatchObject({ code: '57P03', message: expect.stringMatching(/accepts writes/) });
      expect(isDatabaseUnavailable(err)).toBe(true);
      await loose.ping();
    } finally {
      await strict.close();
      await loose.close();
    }
  });
});
