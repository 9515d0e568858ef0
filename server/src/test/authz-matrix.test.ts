import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_DEALERSHIP_TEXT } from '../../../domain/dealerships.js';
import { dealershipMembers, listingImages, listings, offers, saleInquiries } from '../db/schema.js';
import { undocumentedAnswers } from '../openapi/route-docs.js';
import { type RegisteredRoute, routeRegistry } from '../plugins/auth.js';
import type { AuthzEntry } from './authz.js';
import { createTestApp, createUser, type TestApp, TestClient, type TestUser } from './test-app.js';

/**
 * The authorization matrix (docs/product/security.md#access-control, deny by default): every /api route the server registers must have
 * an entry in some `test/authz/<module>.authz.ts` with the same access rule, and every entry is called by
 * every role with the answer its access rule implies (see test/authz.ts).
 */
const files = import.meta.glob<{ authz: AuthzEntry[] }>('./authz/*.authz.ts', { eager: true });

/** Routes of the foundation itself (no feature module owns them). */
const FOUNDATION: AuthzEntry[] = [
  // The API document and its reference page: public here (test); admin only in production (openapi.test.ts).
  { method: 'GET', url: '/api/docs', access: 'public' },
  { method: 'GET', url: '/api/reference', access: 'public' },
  { method: 'GET', url: '/api/reference/:asset', access: 'public' },
  { method: 'GET', url: '/api/health/live', access: 'public' },
  { method: 'GET', url: '/api/health/ready', access: 'public' },
  { method: 'GET', url: '/api/site', access: 'public' },
];

/** Fixed e-mails, so entries (e.g. sign-in) can name a fixture account; every fixture uses TEST_PASSWORD. */
const AUTHZ_EMAILS = {
  pending: 'authz-pending@example.com',
  rejected: 'authz-rejected@example.com',
  dealer: 'authz-dealer@example.com',
  otherDealer: 'authz-other-dealer@example.com',
  admin: 'authz-admin@example.com',
  inspector: 'authz-inspector@example.com',
  applicant: 'authz-applicant@example.com',
} as const;

const ROLES = ['signedOut', 'pending', 'rejected', 'otherDealer', 'dealer', 'inspector', 'admin'] as const;
type Role = (typeof ROLES)[number];

const withPrefix = (url: string) =>
  url.startsWith('/api') ? url : `/api${url.startsWith('/') ? '' : '/'}${url}`;
const shape = (url: string) => withPrefix(url).replace(/:\w+/g, ':param');
const keyOf = (r: { method: string; url: string }) => `${r.method} ${shape(r.url)}`;

function allEntries(): AuthzEntry[] {
  const byKey = new Map<string, AuthzEntry>();
  for (const entry of [...FOUNDATION, ...Object.values(files).flatMap((f) => f.authz ?? [])]) {
    if (!byKey.has(keyOf(entry))) byKey.set(keyOf(entry), entry);
  }
  return [...byKey.values()];
}

type Expected = 'allowed' | 401 | 403 | 404;

/** The rules of test/authz.ts. */
function expectedFor(entry: AuthzEntry, role: Role): Expected {
  if (role === 'signedOut') return entry.access === 'public' ? 'allowed' : 401;
  if (role === 'pending' || role === 'rejected')
    return entry.access === 'dealer' || entry.access === 'inspector' || entry.access === 'admin'
      ? 403
      : 'allowed';
  // Inspectors open listings and write reports; nothing of a dealer's or an admin's.
  if (role === 'inspector') return entry.access === 'dealer' || entry.access === 'admin' ? 403 : 'allowed';
  if (role === 'dealer' || role === 'otherDealer') {
    if (entry.access === 'admin' || entry.access === 'inspector') return 403;
    return role === 'otherDealer' && entry.ownedBy === 'dealer' ? 404 : 'allowed';
  }
  return 'allowed';
}

describe('authorization matrix', () => {
  let t: TestApp;
  let users: Record<Exclude<Role, 'signedOut'> | 'applicant', TestUser>;
  let fixtures: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const make = (key: keyof typeof AUTHZ_EMAILS, status: TestUser['status']) =>
      createUser(t.app, { email: AUTHZ_EMAILS[key], status, name: `Authz ${key}` });
    users = {
      pending: await make('pending', 'pending'),
      rejected: await make('rejected', 'rejected'),
      dealer: await make('dealer', 'approved'),
      otherDealer: await make('otherDealer', 'approved'),
      admin: await make('admin', 'admin'),
      inspector: await make('inspector', 'inspector'),
      // A separate applicant for :userId, so admin actions on it never change the pending role's status.
      applicant: await make('applicant', 'pending'),
    };
    const db = t.app.ctx.db;
    // The listing belongs to `dealer` (its seller, approved and live), who also made the pending offer on it.
    const [listing] = await db
      .insert(listings)
      .values({
        userId: users.dealer.id,
        sellerUserId: users.dealer.id,
        reviewStatus: 'approved',
        make: 'John Deere',
        model: '6155R',
        year: 2019,
        hours: 4250,
        priceCents: 4_850_000,
        location: 'Ames, IA',
      })
      .returning({ id: listings.id });
    const [offer] = await db
      .insert(offers)
      .values({
        listingId: listing.id,
        buyerUserId: users.dealer.id,
        sellerUserId: users.dealer.id,
        offerType: 'offer',
        offerAmountCents: 4_500_000,
        originalPriceCents: 4_850_000,
      })
      .returning({ id: offers.id });
    const [inquiry] = await db
      .insert(saleInquiries)
      .values({ email: 'seller@example.com', make: 'Kubota', model: 'M7-172' })
      .returning({ id: saleInquiries.id });
    const [image] = await db
      .insert(listingImages)
      .values({
        listingId: listing.id,
        storageKey: `authz-${randomUUID()}`,
        width: 800,
        height: 600,
        isPrimary: true,
      })
      .returning({ id: listingImages.id });
    fixtures = {
      listingId: listing.id,
      offerId: offer.id,
      inquiryId: inquiry.id,
      userId: users.applicant.id,
      imageId: image.id,
      file: '00000000-0000-4000-8000-000000000000-400.webp',
    };
  });
  afterAll(() => t?.close());

  it('has an entry with the same access rule for every registered /api route', () => {
    const registered = new Map<string, RegisteredRoute>();
    for (const r of routeRegistry) registered.set(keyOf(r), r);
    const entries = new Map(allEntries().map((e) => [keyOf(e), e]));
    const problems: string[] = [];
    for (const [key, route] of registered) {
      const entry = entries.get(key);
      if (!entry) problems.push(`${key}: no authz entry (add it to test/authz/<module>.authz.ts)`);
      else if (entry.access !== route.access)
        problems.push(`${key}: route declares '${route.access}', authz entry says '${entry.access}'`);
    }
    for (const key of entries.keys())
      if (!registered.has(key)) problems.push(`${key}: entry for a route that does not exist`);
    expect(problems).toEqual([]);
  });

  // Outside /api, so not in the route registry: operators' metrics answer a bearer token, never a session
  // (docs/decisions/0037-operator-metrics.md); here no METRICS_TOKEN is set, so no role gets them.
  it('never serves /metrics to a session, whatever the role', async () => {
    for (const role of ROLES) {
      const client = await TestClient.as(t.app, role === 'signedOut' ? null : users[role]);
      const res = await client.get('/metrics');
      expect(`${role}: ${res.statusCode}`).toBe(`${role}: 404`);
      expect(res.body).not.toContain('fieldlot_');
    }
  });

  it('answers every route for every role as its access rule says', async () => {
    const failures: string[] = [];
    const fill = (url: string) =>
      withPrefix(url).replace(/:(\w+)/g, (_, name: string) => fixtures[name] ?? randomUUID());
    for (const entry of allEntries()) {
      for (const role of ROLES) {
        const client = await TestClient.as(t.app, role === 'signedOut' ? null : users[role]);
        const url = fill(entry.url);
        // A streaming answer (server-sent events) never ends; past the guard it counts as allowed.
        const status = await Promise.race([
          client
            .request(
              entry.method,
              url,
              entry.method === 'GET' || entry.method === 'DELETE' ? undefined : (entry.body ?? {}),
            )
            .then((r) => r.statusCode),
          new Promise<number>((resolve) => setTimeout(() => resolve(200), 3000).unref()),
        ]);
        const want = expectedFor(entry, role);
        const ok = want === 'allowed' ? status !== 401 && status !== 403 && status < 500 : status === want;
        if (!ok)
          failures.push(
            `${entry.method} ${entry.url} as ${role}: got ${status}, expected ${want === 'allowed' ? 'not 401/403/5xx' : want}`,
          );
      }
    }
    expect(failures).toEqual([]);
    // Every error status seen in the sweep is one the route's OpenAPI entry lists (openapi/route-docs.ts).
    expect(undocumentedAnswers).toEqual([]);
  }, 300_000);

  // Decision 0039: no dealership deals with itself, whichever member acts and whichever route they take.
  it('refuses every route that would let a dealership offer on, buy, watch or accept its own listing', async () => {
    const db = t.app.ctx.db;
    const asDealer = await TestClient.as(t.app, users.dealer);
    const dealershipId = (await asDealer.get('/api/team')).json().dealership.id as string;
    const teammate = await createUser(t.app, { status: 'approved', name: 'Authz teammate' });
    await db.insert(dealershipMembers).values({ userId: teammate.id, dealershipId, role: 'buyer' });
    const [listing] = await db
      .insert(listings)
      .values({
        userId: users.dealer.id,
        sellerUserId: users.dealer.id,
        reviewStatus: 'approved',
        make: 'Fendt',
        model: '724 Vario',
        year: 2020,
        hours: 2100,
        priceCents: 21_000_000,
        location: 'Ames, IA',
      })
      .returning({ id: listings.id });
    const [offer] = await db
      .insert(offers)
      .values({
        listingId: listing.id,
        buyerUserId: teammate.id,
        sellerUserId: users.dealer.id,
        dealershipId,
        offerType: 'offer',
        offerAmountCents: 20_000_000,
        originalPriceCents: 21_000_000,
      })
      .returning({ id: offers.id });
    const asTeammate = await TestClient.as(t.app, teammate);
    const asAdmin = await TestClient.as(t.app, users.admin);
    const cases: [TestClient, 'POST' | 'PUT', string, unknown, string][] = [
      [
        asTeammate,
        'POST',
        '/api/offers',
        { listingId: listing.id, offerType: 'offer', amount: '200000' },
        'offer',
      ],
      [asTeammate, 'POST', '/api/offers', { listingId: listing.id, offerType: 'buy_now' }, 'offer'],
      [asTeammate, 'PUT', `/api/watchlist/${listing.id}`, {}, 'watch'],
      [asDealer, 'POST', `/api/my-listings/offers/${offer.id}/accept`, {}, 'offer'],
      [asAdmin, 'POST', `/api/admin/offers/${offer.id}/accept`, {}, 'offer'],
    ];
    const failures: string[] = [];
    for (const [client, method, url, body, what] of cases) {
      const res = await client.request(method, url, body);
      const message = res.statusCode === 400 ? res.json().error.message : '';
      if (message !== OWN_DEALERSHIP_TEXT[what as keyof typeof OWN_DEALERSHIP_TEXT])
        failures.push(`${method} ${url}: got ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });
});
