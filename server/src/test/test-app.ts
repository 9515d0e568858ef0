import { readFileSync } from 'node:fs';
import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { CSRF_HEADER, cookieNames } from '../../../domain/session-cookies.js';
import { type App, buildApp } from '../app.js';
import { type AppConfig, testConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { outbox, users } from '../db/schema.js';
import { TestClock } from '../lib/clock.js';
import { hashPassword } from '../lib/password-hash.js';
import { createSession } from '../lib/sessions.js';
import {
  createDatabaseFromTemplate,
  dbUrl,
  dropDatabase,
  ensurePostgresTemplate,
  pgliteTemplatePath,
} from './template-db.js';

export interface TestApp {
  app: App;
  clock: TestClock;
  database: Database;
  close(): Promise<void>;
}

/** Opens a fresh copy of the migrated template: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set. */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    const template = await ensurePostgresTemplate(baseUrl);
    const name = await createDatabaseFromTemplate(baseUrl, template);
    const database = await openDatabase({ databaseUrl: dbUrl(baseUrl, name), poolSize: 10 });
    return {
      database,
      drop: async () => {
        await database.close();
        await dropDatabase(baseUrl, name);
      },
    };
  }
  const dump = new Blob([readFileSync(pgliteTemplatePath())]);
  const database = await openDatabase({ loadDataDir: dump });
  return { database, drop: () => database.close() };
}

export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const clock = new TestClock();
  const config = testConfig({ publicUrl: 'http://localhost:3000', ...overrides });
  const app = await buildApp({ config, database, clock, serveWeb: false });
  await app.ready();
  return {
    app,
    clock,
    database,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/** The mails queued for `to`, newest first (template and payload). */
/**
 * Delivers the committed domain events now (decision 0027): for work that ran outside a request (a service called
 * directly, a worker's pass), whose events the request hook did not deliver.
 */
export function deliverEvents(app: App): Promise<number> {
  return app.ctx.events.deliverDue(app.ctx);
}

export async function mailsTo(t: TestApp, to: string) {
  return t.app.ctx.db
    .select({ template: outbox.template, payload: outbox.payload })
    .from(outbox)
    .where(eq(outbox.recipient, to))
    .orderBy(desc(outbox.id));
}

export const TEST_PASSWORD = 'Tr@ctor-Yard-2024x';

let cachedHash: Promise<string> | undefined;
/** Hashing is slow on purpose; tests reuse one hash of TEST_PASSWORD. */
function testPasswordHash() {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  return cachedHash;
}

export interface TestUser {
  id: string;
  email: string;
  name: string;
  companyName: string;
  status: 'pending' | 'rejected' | 'approved' | 'admin' | 'inspector';
}

let counter = 0;
export async function createUser(
  app: App,
  input: Partial<Omit<TestUser, 'id'>> & { password?: string } = {},
): Promise<TestUser> {
  counter += 1;
  const row = {
    email: input.email ?? `user${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`,
    name: input.name ?? `Test User ${counter}`,
    companyName: input.companyName ?? `Test Tractors ${counter}`,
    status: input.status ?? 'approved',
    passwordHash: input.password ? await hashPassword(input.password) : await testPasswordHash(),
  };
  const [created] = await app.ctx.db.insert(users).values(row).returning({ id: users.id });
  return {
    id: created.id,
    email: row.email,
    name: row.name,
    companyName: row.companyName,
    status: row.status,
  };
}

export async function setUserStatus(app: App, userId: string, status: TestUser['status']) {
  await app.ctx.db.update(users).set({ status }).where(eq(users.id, userId));
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A browser-like client over app.inject: keeps cookies and sends the anti-forgery header like the SPA does.
 */
export class TestClient {
  cookies = new Map<string, string>();
  constructor(
    readonly app: App,
    readonly headers: Record<string, string> = {},
  ) {}

  /** Signs in directly through a new session (for tests that are not about signing in). */
  static async as(app: App, user: TestUser | null): Promise<TestClient> {
    const client = new TestClient(app);
    if (user) {
      const token = await createSession(app.ctx.db, app.ctx.clock, user.id);
      client.cookies.set(cookieNames(app.ctx.config.production).session, token);
    }
    return client;
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private storeCookies(res: LightMyRequestResponse) {
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  async csrfToken(): Promise<string> {
    const name = cookieNames(this.app.ctx.config.production).csrf;
    if (!this.cookies.has(name)) await this.request('GET', '/api/health/live');
    return this.cookies.get(name) ?? '';
  }

  async request(
    method: Method,
    url: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...this.headers, ...extraHeaders };
    if (method !== 'GET' && !(CSRF_HEADER in extraHeaders)) headers[CSRF_HEADER] = await this.csrfToken();
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    const res = await this.app.inject({
      method,
      url,
      headers,
      ...(body === undefined ? {} : { payload: body as object }),
    });
    this.storeCookies(res);
    return res;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, undefined, headers);
  }
  post(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', url, body ?? {}, headers);
  }
  put(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('PUT', url, body ?? {}, headers);
  }
  patch(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('PATCH', url, body ?? {}, headers);
  }
  delete(url: string, headers?: Record<string, string>) {
    return this.request('DELETE', url, undefined, headers);
  }
}
