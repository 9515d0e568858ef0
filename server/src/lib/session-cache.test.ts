import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { type Database, type ListenHooks, openDatabase } from '../db/client.js';
import {
  createDatabaseFromTemplate,
  dbUrl,
  dropDatabase,
  ensurePostgresTemplate,
} from '../test/template-db.js';
import { createUser, openTestDatabase, TestClient, type TestUser } from '../test/test-app.js';
import { SessionCache } from './session-cache.js';

describe('the session cache (unit)', () => {
  it('keeps an entry for its TTL, and forgets a user or everything on demand', async () => {
    let now = 0;
    const cache = new SessionCache<string>(3000, 100, () => now);
    const listeners: ListenHooks[] = [];
    const fakeDb = {
      listen: async (_c: string, _h: (p: string) => void, hooks?: ListenHooks) => {
        if (hooks) listeners.push(hooks);
        return async () => {};
      },
    } as unknown as Database;
    cache.set('s1', 'u1', 'before start');
    expect(cache.get('s1')).toBeUndefined(); // nothing is cached until the listener runs
    await cache.start(fakeDb);
    cache.set('s1', 'u1', 'one');
    cache.set('s2', 'u1', 'two');
    cache.set('s3', 'u2', 'three');
    now = 2999;
    expect(cache.get('s1')).toBe('one');
    cache.dropUser('u1');
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s2')).toBeUndefined();
    expect(cache.get('s3')).toBe('three');
    now = 6000;
    expect(cache.get('s3')).toBeUndefined();
    cache.set('s4', 'u3', 'four');
    // A listener that lost its connection may have missed revocations: everything goes.
    for (const hooks of listeners) hooks.onResume?.();
    expect(cache.size).toBe(0);
    cache.set('s5', 'u3', 'five');
    expect(cache.get('s5')).toBe('five');
    // While the listener is down (decision 0031), revocations go unheard: nothing is kept or served.
    for (const hooks of listeners) hooks.onLost?.();
    expect(cache.get('s5')).toBeUndefined();
    cache.set('s6', 'u3', 'six');
    expect(cache.get('s6')).toBeUndefined();
    for (const hooks of listeners) hooks.onResume?.();
    cache.set('s6', 'u3', 'six');
    expect(cache.get('s6')).toBe('six');
    await cache.stop();
  });
});

/** Two server instances on one database, each with the session cache on (as in production). */
function twoInstances(open: () => Promise<{ databases: Database[]; drop: () => Promise<void> }>) {
  const state = { apps: [] as App[], close: async () => {} };
  beforeAll(async () => {
    const { databases, drop } = await open();
    const config = testConfig({ publicUrl: 'http://localhost:3000', sessionCacheMs: 3000 });
    state.apps = await Promise.all(
      databases.map((database) => buildApp({ config, database, serveWeb: false })),
    );
    for (const app of state.apps) await app.ready();
    state.close = async () => {
      for (const app of state.apps) await app.close();
      await drop();
    };
  });
  afterAll(() => state.close());
  return state;
}

/** The same browser's cookies, sent to the other instance. */
function sameBrowserOn(app: App, client: TestClient): TestClient {
  const other = new TestClient(app);
  for (const [k, v] of client.cookies) other.cookies.set(k, v);
  return other;
}

/** Notifications travel asynchronously between instances: ask again until the answer changes (or give up). */
async function eventually(fn: () => Promise<number>, want: number): Promise<number> {
  let got = await fn();
  for (let i = 0; i < 100 && got !== want; i++) {
    await new Promise((r) => setTimeout(r, 20));
    got = await fn();
  }
  return got;
}

function cacheJourneys(state: { apps: App[] }) {
  const status = (c: TestClient) => async () => (await c.get('/api/listings')).statusCode;

  it('serves a signed-in request from the cache, and a sign-out on one instance ends the session on the other', async () => {
    const [one, two] = state.apps;
    const dealer = await createUser(one, { status: 'approved' });
    const onOne = await TestClient.as(one, dealer);
    const onTwo = sameBrowserOn(two, onOne);
    expect(await status(onTwo)()).toBe(200);

    // Proof that the second request is answered from memory: with the notification switched off, a session deleted
    // behind the server's back still works there until its entry expires.
    await one.ctx.db.execute(sql`alter table sessions disable trigger sessions_changed_notify`);
    try {
      await one.ctx.db.execute(sql`delete from sessions where user_id = ${dealer.id}`);
      expect(await status(onTwo)()).toBe(200);
    } finally {
      await one.ctx.db.execute(sql`alter table sessions enable trigger sessions_changed_notify`);
    }

    const again = await TestClient.as(one, dealer);
    const againOnTwo = sameBrowserOn(two, again);
    expect(await status(againOnTwo)()).toBe(200);
    expect((await again.post('/api/auth/sign-out')).statusCode).toBe(204);
    expect(await eventually(status(againOnTwo), 401)).toBe(401);
  });

  it('a session deleted in the database (any instance, any process) ends at once through the notification', async () => {
    const [one, two] = state.apps;
    const dealer = await createUser(one, { status: 'approved' });
    const onTwo = sameBrowserOn(two, await TestClient.as(one, dealer));
    expect(await status(onTwo)()).toBe(200);
    await one.ctx.db.execute(sql`delete from sessions where user_id = ${dealer.id}`);
    expect(await eventually(status(onTwo), 401)).toBe(401);
  });

  it("an admin's rejection on one instance ends the dealer's session on the other, an approval shows there", async () => {
    const [one, two] = state.apps;
    const admin = await TestClient.as(one, await createUser(one, { status: 'admin' }));
    const applicant: TestUser = await createUser(one, { status: 'pending' });
    const applicantOnTwo = sameBrowserOn(two, await TestClient.as(one, applicant));
    expect(await status(applicantOnTwo)()).toBe(403);
    const approve = await admin.patch(`/api/admin/users/${applicant.id}/status`, { status: 'approved' });
    expect(approve.statusCode).toBe(200);
    expect(await eventually(status(applicantOnTwo), 200)).toBe(200);

    const dealer = await createUser(one, { status: 'approved' });
    const dealerOnTwo = sameBrowserOn(two, await TestClient.as(one, dealer));
    expect(await status(dealerOnTwo)()).toBe(200);
    const reject = await admin.patch(`/api/admin/users/${dealer.id}/status`, { status: 'rejected' });
    expect(reject.statusCode, reject.body).toBe(200);
    expect(await eventually(status(dealerOnTwo), 401)).toBe(401);
  });
}

describe('the session cache across two instances sharing one database handle', () => {
  const state = twoInstances(async () => {
    const { database, drop } = await openTestDatabase();
    return { databases: [database, database], drop };
  });
  cacheJourneys(state);
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  'the session cache across two instances on one PostgreSQL (separate connections and listeners)',
  () => {
    const baseUrl = process.env.TEST_DATABASE_URL ?? '';
    const state = twoInstances(async () => {
      const name = await createDatabaseFromTemplate(baseUrl, await ensurePostgresTemplate(baseUrl));
      const url = dbUrl(baseUrl, name);
      const databases = [
        await openDatabase({ databaseUrl: url, poolSize: 4 }),
        await openDatabase({ databaseUrl: url, poolSize: 4 }),
      ];
      return {
        databases,
        drop: async () => {
          for (const db of databases) await db.close();
          await dropDatabase(baseUrl, name);
        },
      };
    });
    cacheJourneys(state);
  },
);
