import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVITE_MAILS_PER_ADDRESS_PER_DAY,
  INVITE_NAME_MAX,
  INVITES_PER_DEALERSHIP_PER_DAY,
  TEAM_TEXT,
} from '../../../../domain/dealerships.js';
import { cookieNames } from '../../../../domain/session-cookies.js';
import { testConfig } from '../../config.js';
import { dealershipMembers, users } from '../../db/schema.js';
import {
  createTestApp,
  createUser,
  mailsTo,
  type TestApp,
  TestClient,
  type TestUser,
} from '../../test/test-app.js';
import { renderTemplate } from '../mail/index.js';
import { TEAM_INVITE_MAIL } from './dealerships.mail.js';

const HOUR = 3600_000;
const NEW_PASSWORD = 'Gr@in-Cart-Harvest-77';

/** Invitations that cannot be gamed (dealerships.invites-send.ts, -join.ts; decision 0039). */
describe('dealership invitations', { timeout: 120_000 }, () => {
  let t: TestApp;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  async function owner(companyName?: string): Promise<{ user: TestUser; client: TestClient }> {
    const user = await createUser(t.app, { status: 'approved', ...(companyName ? { companyName } : {}) });
    return { user, client: await TestClient.as(t.app, user) };
  }
  const address = () => `invitee-${++n}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const inviteMails = async (to: string) =>
    (await mailsTo(t, to)).filter((m) => m.template === 'team-invite');

  it('answers the same whether or not the address has an account', async () => {
    const { client } = await owner();
    const existing = await createUser(t.app, { status: 'approved' });
    const withAccount = await client.post('/api/team/invites', { email: existing.email, role: 'buyer' });
    const without = await client.post('/api/team/invites', { email: address(), role: 'buyer' });
    expect(withAccount.statusCode, withAccount.body).toBe(201);
    expect(without.statusCode).toBe(201);
    const keys = (r: typeof without) => Object.keys(r.json().invite).sort();
    expect(keys(withAccount)).toEqual(keys(without));
    expect(await inviteMails(existing.email)).toHaveLength(1);
  });

  it('sends one e-mail for invite, withdraw and invite again, and that link joins with the last role', async () => {
    const { client } = await owner();
    const to = address();
    let last = '';
    for (let i = 0; i < 6; i++) {
      const res = await client.post('/api/team/invites', { email: to, role: i % 2 ? 'viewer' : 'buyer' });
      expect(res.statusCode, res.body).toBe(201);
      last = res.json().invite.id;
      expect((await client.delete(`/api/team/invites/${last}`)).statusCode).toBe(200);
    }
    const again = await client.post('/api/team/invites', { email: to, role: 'viewer' });
    expect(again.statusCode).toBe(201);
    const mails = await inviteMails(to);
    expect(mails).toHaveLength(1);
    const token = (mails[0].payload as { token: string }).token;
    const joiner = new TestClient(t.app);
    const accepted = await joiner.post('/api/team/invites/accept', {
      token,
      name: 'Late Joiner',
      password: NEW_PASSWORD,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Joining signs the invitee in: no second sign-in (decision 0041).
    expect(accepted.cookies.some((c) => c.name === cookieNames(t.app.ctx.config.production).session)).toBe(
      true,
    );
    const session = await joiner.get('/api/auth/session');
    expect(session.json().user).toMatchObject({ email: to, status: 'approved' });
    const [member] = await t.app.ctx.db
      .select({ role: dealershipMembers.role })
      .from(dealershipMembers)
      .innerJoin(users, eq(users.id, dealershipMembers.userId))
      .where(eq(users.email, to));
    expect(member.role).toBe('viewer');
    // A day later a re-sent invitation is e-mailed again, with a new link.
    const to2 = address();
    await client.post('/api/team/invites', { email: to2, role: 'buyer' });
    t.clock.advance(25 * HOUR);
    await client.post('/api/team/invites', { email: to2, role: 'buyer' });
    const two = await inviteMails(to2);
    expect(two).toHaveLength(2);
    expect((two[0].payload as { token: string }).token).not.toBe((two[1].payload as { token: string }).token);
  });

  it('caps invitations per dealership and e-mails per address a day, in the database', async () => {
    const { client } = await owner();
    for (let i = 0; i < INVITES_PER_DEALERSHIP_PER_DAY; i++)
      expect((await client.post('/api/team/invites', { email: address(), role: 'buyer' })).statusCode).toBe(
        201,
      );
    const over = await client.post('/api/team/invites', { email: address(), role: 'buyer' });
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toBe(TEAM_TEXT.inviteCapDealership);

    const to = address();
    for (let i = 0; i < INVITE_MAILS_PER_ADDRESS_PER_DAY; i++) {
      const res = await (await owner()).client.post('/api/team/invites', { email: to, role: 'buyer' });
      expect(res.statusCode, res.body).toBe(201);
    }
    const tooMany = await (await owner()).client.post('/api/team/invites', { email: to, role: 'buyer' });
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().error.message).toBe(TEAM_TEXT.inviteCapAddress);
    t.clock.advance(25 * HOUR);
    expect(
      (await (await owner()).client.post('/api/team/invites', { email: to, role: 'buyer' })).statusCode,
    ).toBe(201);
  });

  it("shows the dealership's name as plain text of at most 80 characters", async () => {
    const { client } = await owner(
      `Evil\r\nBcc: x@y.com <b>Ag</b> see https://evil.example.com ${'Z'.repeat(120)}`,
    );
    const to = address();
    await client.post('/api/team/invites', { email: to, role: 'buyer' });
    const [mail] = await inviteMails(to);
    const { dealershipName } = mail.payload as { dealershipName: string };
    expect(dealershipName.length).toBeLessThanOrEqual(INVITE_NAME_MAX);
    expect(dealershipName).not.toMatch(/[\r\n]|https?:|x@y\.com/);
    const rendered = renderTemplate(TEAM_INVITE_MAIL, mail.payload as never, {
      publicUrl: 'https://fieldlot.example',
      brand: testConfig().brand,
    });
    expect(rendered.subject).not.toMatch(/[\r\n]/);
    expect(rendered.html).not.toContain('<b>Ag</b>');
  });

  it('lets an invitee with an account join with their own sign-in, and only them', async () => {
    const { user: ownerUser, client } = await owner();
    const dealershipId = (await client.get('/api/team')).json().dealership.id;
    const invitee = await createUser(t.app, { status: 'approved' });
    await client.post('/api/team/invites', { email: invitee.email, role: 'buyer', offerLimit: '40000' });
    const token = ((await inviteMails(invitee.email))[0].payload as { token: string }).token;
    // The password form tells the account holder to sign in instead.
    const form = await new TestClient(t.app).post('/api/team/invites/accept', {
      token,
      name: 'Someone',
      password: NEW_PASSWORD,
    });
    expect(form.statusCode).toBe(409);
    expect(form.json().error.message).toBe(TEAM_TEXT.haveAccount);
    // Another dealer holding the link gets an invalid link.
    const stranger = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
    const wrong = await stranger.post('/api/team/invites/join', { token });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error.message).toBe(TEAM_TEXT.inviteInvalid);
    const asInvitee = await TestClient.as(t.app, invitee);
    const joined = await asInvitee.post('/api/team/invites/join', { token });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ dealership: { id: dealershipId }, myRole: 'buyer' });
    const [row] = await t.app.ctx.db
      .select({
        dealershipId: dealershipMembers.dealershipId,
        offerLimitCents: dealershipMembers.offerLimitCents,
      })
      .from(dealershipMembers)
      .where(eq(dealershipMembers.userId, invitee.id));
    expect(row).toEqual({ dealershipId, offerLimitCents: 40_000_00 });
    expect((await asInvitee.post('/api/team/invites/join', { token })).statusCode).toBe(404);
    expect(ownerUser.id).not.toBe(invitee.id);
  });
});
