import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { offerLimitText, TEAM_TEXT } from '../../../../domain/dealerships.js';
import { dealershipAddressText } from '../../../../domain/purchases.js';
import { MIGRATIONS_FOLDER } from '../../db/client.js';
import { dealershipMembers, dealerships, listings, offers, sessions, users } from '../../db/schema.js';
import { insertListing, offerRow } from '../../test/fixtures/offers.js';
import {
  createTestApp,
  createUser,
  mailsTo,
  type TestApp,
  TestClient,
  type TestUser,
} from '../../test/test-app.js';

const NEW_PASSWORD = 'Combine-Harvest#2031';

/** docs/product/dealer-tools.md#dealership-teams */
describe('dealership teams', () => {
  let t: TestApp;
  let admin: TestUser;
  let owner: TestUser;
  let other: TestUser;
  let asAdmin: TestClient;
  let asOwner: TestClient;
  let asOther: TestClient;

  // Each test has its own database: the first test reads a team nobody has joined yet, and one moves the clock a week.
  beforeEach(async () => {
    t = await createTestApp();
    admin = await createUser(t.app, { status: 'admin' });
    owner = await createUser(t.app, { status: 'approved', companyName: 'Whitfield Ag' });
    other = await createUser(t.app, { status: 'approved' });
    asAdmin = await TestClient.as(t.app, admin);
    asOwner = await TestClient.as(t.app, owner);
    asOther = await TestClient.as(t.app, other);
  });
  afterEach(() => t.close());

  /** Invites `email` as the owner and accepts with the mailed token; returns the member signed in. */
  async function join(
    email: string,
    role: 'buyer' | 'viewer',
    offerLimit?: string,
  ): Promise<{ id: string; client: TestClient }> {
    const res = await asOwner.post('/api/team/invites', { email, role, offerLimit });
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await mailsTo(t, email);
    expect(mail.template).toBe('team-invite');
    const token = (mail.payload as { token: string }).token;
    const accepted = await new TestClient(t.app).post('/api/team/invites/accept', {
      token,
      name: `Member ${email.split('@')[0]}`,
      password: NEW_PASSWORD,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const client = new TestClient(t.app);
    const signIn = await client.post('/api/auth/sign-in', { email, password: NEW_PASSWORD });
    expect(signIn.statusCode, signIn.body).toBe(200);
    return { id: signIn.json().user.id, client };
  }

  it('a dealer without a dealership owns a one-person dealership named after their company', async () => {
    const res = await asOwner.get('/api/team');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      dealership: { name: 'Whitfield Ag' },
      myRole: 'owner',
      members: [{ userId: owner.id, role: 'owner', offerLimitCents: null }],
      invites: [],
    });
    expect((await asAdmin.get('/api/team')).statusCode).toBe(404);
  });

  it('migration 0012 makes every existing dealer the owner of a one-person dealership with their offers', async () => {
    const dealer = await createUser(t.app, { status: 'approved', companyName: 'Legacy Tractors' });
    const pending = await createUser(t.app, { status: 'pending' });
    const listingId = await insertListing(t.app, admin.id);
    const [offer] = await t.app.ctx.db
      .insert(offers)
      .values({
        listingId,
        buyerUserId: dealer.id,
        sellerUserId: admin.id,
        offerType: 'offer',
        offerAmountCents: 40_000_00,
        originalPriceCents: 48_500_00,
      })
      .returning({ id: offers.id });
    // The backfill statements of the migration, run again for rows written after it (the template has none).
    const statements = readFileSync(`${MIGRATIONS_FOLDER}/0012_dealerships.sql`, 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter((s) => /^(INSERT|UPDATE)/.test(s));
    expect(statements).toHaveLength(3);
    await t.app.ctx.db.transaction(async (tx) => {
      // Only for users without one (the others already own theirs).
      await tx.execute(
        sql.raw(
          statements[0].replace(
            `WHERE u."status" = 'approved'`,
            `WHERE u."status" = 'approved' AND u."id" NOT IN (SELECT "owner_user_id" FROM "dealerships")`,
          ),
        ),
      );
      await tx.execute(
        sql.raw(
          `${statements[1]} WHERE d."owner_user_id" NOT IN (SELECT "user_id" FROM "dealership_members")`.replace(
            ';',
            '',
          ),
        ),
      );
      await tx.execute(sql.raw(statements[2]));
    });
    const [d] = await t.app.ctx.db
      .select({ id: dealerships.id, name: dealerships.name })
      .from(dealerships)
      .where(eq(dealerships.ownerUserId, dealer.id));
    expect(d.name).toBe('Legacy Tractors');
    const members = await t.app.ctx.db
      .select({ userId: dealershipMembers.userId, role: dealershipMembers.role })
      .from(dealershipMembers)
      .where(eq(dealershipMembers.dealershipId, d.id));
    expect(members).toEqual([{ userId: dealer.id, role: 'owner' }]);
    const [o] = await t.app.ctx.db
      .select({ dealershipId: offers.dealershipId })
      .from(offers)
      .where(eq(offers.id, offer.id));
    expect(o.dealershipId).toBe(d.id);
    const pendingRows = await t.app.ctx.db
      .select({ id: dealerships.id })
      .from(dealerships)
      .where(eq(dealerships.ownerUserId, pending.id));
    expect(pendingRows).toEqual([]);
  });

  it('refuses bad invitations: a bad address, role or limit, a non-owner (never an existing account)', async () => {
    // An address with an account is invited like any other, so the answer tells nothing (decision 0039).
    const taken = await asOwner.post('/api/team/invites', { email: other.email, role: 'buyer' });
    expect(taken.statusCode).toBe(201);
    expect((await asOwner.post('/api/team/invites', { email: 'nope', role: 'buyer' })).statusCode).toBe(400);
    expect(
      (await asOwner.post('/api/team/invites', { email: 'x1@example.com', role: 'owner' })).statusCode,
    ).toBe(400);
    const badLimit = await asOwner.post('/api/team/invites', {
      email: 'x2@example.com',
      role: 'buyer',
      offerLimit: 'lots',
    });
    expect(badLimit.statusCode).toBe(400);
    const { client } = await join('viewer-one@example.com', 'viewer');
    const notOwner = await client.post('/api/team/invites', { email: 'x3@example.com', role: 'buyer' });
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json().error.message).toBe(TEAM_TEXT.notOwner);
  });

  it('an invitation works once, within 7 days, and makes an approved member without an application', async () => {
    const email = 'buyer-once@example.com';
    expect(
      (await asOwner.post('/api/team/invites', { email, role: 'buyer', offerLimit: '30,000' })).statusCode,
    ).toBe(201);
    const team = (await asOwner.get('/api/team')).json();
    expect(team.invites.find((i: { email: string }) => i.email === email)).toMatchObject({
      role: 'buyer',
      offerLimitCents: 30_000_00,
    });
    const token = ((await mailsTo(t, email))[0].payload as { token: string }).token;
    const body = { token, name: 'Casey Buyer', password: NEW_PASSWORD };
    const anon = new TestClient(t.app);
    const weak = await anon.post('/api/team/invites/accept', { ...body, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect((await anon.post('/api/team/invites/accept', body)).statusCode).toBe(200);
    const again = await anon.post('/api/team/invites/accept', body);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(TEAM_TEXT.inviteInvalid);
    const [user] = await t.app.ctx.db
      .select({ status: users.status, companyName: users.companyName })
      .from(users)
      .where(eq(users.email, email));
    expect(user).toEqual({ status: 'approved', companyName: 'Whitfield Ag' });
    const members = (await asOwner.get('/api/team')).json().members;
    expect(members.find((m: { email: string }) => m.email === email)).toMatchObject({
      name: 'Casey Buyer',
      role: 'buyer',
      offerLimitCents: 30_000_00,
    });

    // An unanswered invitation lapses after 7 days.
    const late = 'buyer-late@example.com';
    await asOwner.post('/api/team/invites', { email: late, role: 'buyer' });
    const lateToken = ((await mailsTo(t, late))[0].payload as { token: string }).token;
    t.clock.advance(8 * 24 * 3600_000);
    const expired = await anon.post('/api/team/invites/accept', { ...body, token: lateToken });
    expect(expired.statusCode).toBe(404);
  });

  it('the owner withdraws an invitation; its link no longer works', async () => {
    const email = 'withdrawn-invite@example.com';
    const { invite } = (await asOwner.post('/api/team/invites', { email, role: 'viewer' })).json();
    expect((await asOther.delete(`/api/team/invites/${invite.id}`)).statusCode).toBe(404);
    expect((await asOwner.delete(`/api/team/invites/${invite.id}`)).statusCode).toBe(200);
    const token = ((await mailsTo(t, email))[0].payload as { token: string }).token;
    const res = await new TestClient(t.app).post('/api/team/invites/accept', {
      token,
      name: 'Too Late',
      password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(404);
  });

  it("a team member delivers to the dealership's address (the owner's), and only the owner changes it", async () => {
    const listing = await insertListing(t.app, admin.id, { priceCents: 48_500_00 });
    await t.app.ctx.db.update(listings).set({ zip: '68102' }).where(eq(listings.id, listing));
    const member = await join('yard.buyer@example.com', 'buyer');
    const before = (await member.client.get(`/api/purchases/landed-cost?listingId=${listing}`)).json();
    expect(before).toMatchObject({ delivery: null, missing: 'address' });
    const address = { addressLine: '1200 Lincoln Way', city: 'Ames', state: 'IA', zip: '50010' };
    expect((await asOwner.put('/api/purchases/address', address)).statusCode).toBe(200);
    const cost = (await member.client.get(`/api/purchases/landed-cost?listingId=${listing}`)).json();
    expect(cost.delivery.text).toBe('Delivered to Ames, IA 50010: about $520 (159 mi)');
    expect(cost.missing).toBeNull();
    // The member reads it as the dealership's, managed by its owner; the owner reads it as their own.
    const team = (await asOwner.get('/api/team')).json();
    const ownerName = team.members.find((m: { role: string }) => m.role === 'owner').name;
    expect((await member.client.get('/api/purchases/address')).json()).toEqual({
      address,
      managedBy: { dealership: team.dealership.name, owner: ownerName },
    });
    expect(dealershipAddressText(team.dealership.name, ownerName)).toBe(
      `This is Whitfield Ag's delivery address, managed by the dealership's owner, ${ownerName}. Every delivery estimate and delivery uses it; ask ${ownerName} to change it.`,
    );
    expect((await asOwner.get('/api/purchases/address')).json()).toEqual({ address, managedBy: null });
    const change = await member.client.put('/api/purchases/address', { ...address, zip: '68102' });
    expect(change.statusCode).toBe(403);
    expect(change.json().error.message).toBe("Only your dealership's owner can change its delivery address");
    // A tractor with no ZIP: the message names the yard, not the address.
    const noZip = await insertListing(t.app, admin.id);
    expect((await member.client.get(`/api/purchases/landed-cost?listingId=${noZip}`)).json().missing).toBe(
      'listing_zip',
    );
  });

  it('a viewer cannot offer; a buyer cannot offer above their limit (server refusals with clear texts)', async () => {
    const listingId = await insertListing(t.app, admin.id, { priceCents: 60_000_00 });
    const viewer = await join('viewer-two@example.com', 'viewer');
    const v = await viewer.client.post('/api/offers', { listingId, offerType: 'offer', amount: '10000' });
    expect(v.statusCode).toBe(403);
    expect(v.json().error.message).toBe(
      "Viewers cannot make offers. Ask your dealership's owner for the buyer role.",
    );

    const buyer = await join('buyer-limit@example.com', 'buyer', '40000');
    const over = await buyer.client.post('/api/offers', { listingId, offerType: 'offer', amount: '45000' });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toBe(offerLimitText(40_000_00));
    expect(over.json().error.message).toBe(
      'Your dealership limits your offers to $40,000. Ask the owner to raise your limit.',
    );
    expect(over.json().error.fields.amount).toBe(offerLimitText(40_000_00));
    const buyNow = await buyer.client.post('/api/offers', {
      listingId,
      offerType: 'buy_now',
      askingCents: 60_000_00,
    });
    expect(buyNow.statusCode).toBe(400);
    expect(buyNow.json().error.message).toBe(offerLimitText(40_000_00));
    const ok = await buyer.client.post('/api/offers', { listingId, offerType: 'offer', amount: '40000' });
    expect(ok.statusCode, ok.body).toBe(201);

    // The owner sees the member's offer "by" them; another dealer does not.
    const mine = (await asOwner.get('/api/offers/mine')).json().offers;
    const seen = mine.find((o: { id: string }) => o.id === ok.json().offer.id);
    expect(seen.actedBy).toEqual({ id: buyer.id, name: 'Member buyer-limit' });
    expect((await asOwner.get(`/api/offers/${ok.json().offer.id}`)).statusCode).toBe(200);
    expect((await asOther.get(`/api/offers/${ok.json().offer.id}`)).statusCode).toBe(404);

    // The owner raises the limit, then makes them a viewer.
    const raised = await asOwner.patch(`/api/team/members/${buyer.id}`, {
      role: 'buyer',
      offerLimit: '50000',
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().member).toMatchObject({ role: 'buyer', offerLimitCents: 50_000_00 });
    const other2 = await insertListing(t.app, admin.id, { priceCents: 60_000_00 });
    expect(
      (await buyer.client.post('/api/offers', { listingId: other2, offerType: 'offer', amount: '45000' }))
        .statusCode,
    ).toBe(201);
    const toViewer = await asOwner.patch(`/api/team/members/${buyer.id}`, { role: 'viewer' });
    expect(toViewer.json().member).toMatchObject({ role: 'viewer', offerLimitCents: null });
    expect(
      (await buyer.client.post('/api/offers', { listingId: other2, offerType: 'offer', amount: '1000' }))
        .statusCode,
    ).toBe(403);
    expect((await asOwner.patch(`/api/team/members/${owner.id}`, { role: 'viewer' })).statusCode).toBe(409);
    expect((await asOther.patch(`/api/team/members/${buyer.id}`, { role: 'buyer' })).statusCode).toBe(404);
    expect((await asOwner.patch(`/api/team/members/${buyer.id}`, { role: 'boss' })).statusCode).toBe(400);
  });

  it('removing a member ends their sessions at once and closes the account', async () => {
    const member = await join('removed@example.com', 'buyer');
    expect((await member.client.get('/api/offers/mine')).statusCode).toBe(200);
    const second = new TestClient(t.app);
    await second.post('/api/auth/sign-in', { email: 'removed@example.com', password: NEW_PASSWORD });
    expect((await asOther.delete(`/api/team/members/${member.id}`)).statusCode).toBe(404);
    expect((await asOwner.delete(`/api/team/members/${owner.id}`)).statusCode).toBe(409);
    expect((await asOwner.delete(`/api/team/members/${member.id}`)).statusCode).toBe(200);
    const left = await t.app.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.userId, member.id));
    expect(left[0].n).toBe(0);
    expect((await member.client.get('/api/offers/mine')).statusCode).toBe(401);
    expect((await second.get('/api/offers/mine')).statusCode).toBe(401);
    const signIn = await new TestClient(t.app).post('/api/auth/sign-in', {
      email: 'removed@example.com',
      password: NEW_PASSWORD,
    });
    expect(signIn.statusCode).not.toBe(200);
    const members = (await asOwner.get('/api/team')).json().members;
    expect(members.find((m: { userId: string }) => m.userId === member.id)).toBeUndefined();
    expect((await asOwner.delete(`/api/team/members/${member.id}`)).statusCode).toBe(404);
  });

  it('two members accepting the same counter at once: exactly one wins', async () => {
    const buyer = await join('racer@example.com', 'buyer');
    const listingId = await insertListing(t.app, admin.id);
    const made = await buyer.client.post('/api/offers', { listingId, offerType: 'offer', amount: '40000' });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().offer.id;
    expect((await asAdmin.post(`/api/admin/offers/${id}/counter`, { amount: '45000' })).statusCode).toBe(200);
    const answers = await Promise.all([
      asOwner.post(`/api/offers/${id}/accept-counter`),
      buyer.client.post(`/api/offers/${id}/accept-counter`),
    ]);
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes, answers.map((r) => r.body).join(' | ')).toEqual([200, 409]);
    expect((await offerRow(t.app, id)).status).toBe('accepted');
    const loser = answers.find((r) => r.statusCode === 409);
    expect(loser?.json().error.message).toMatch(/already (accepted|been sold)|already sold/);
  });
});
