import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITE_MAILS_PER_ADDRESS_PER_DAY } from '../../../domain/dealerships.js';
import { outbox } from '../db/schema.js';
import { mailClassOf } from '../lib/mail-classes.js';
import { processOutboxOnce } from '../modules/mail/mail.worker.js';
import type { MailTransport } from '../modules/mail/transport.js';
import { createTestApp, createUser, type TestApp, TestClient } from './test-app.js';

/**
 * A team invitation is unsolicited mail (decision 0039, docs/product/mail.md#classes): however many dealerships
 * invite an address, the worker sends one a day and a password reset to that address goes out at once.
 */
describe('team invitations and password resets', { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('is unsolicited mail, which never holds back a password reset', async () => {
    expect(mailClassOf('team-invite')).toBe('unsolicited');
    const invitee = await createUser(t.app, { status: 'approved' });
    for (let i = 0; i < INVITE_MAILS_PER_ADDRESS_PER_DAY; i++) {
      const owner = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
      const res = await owner.post('/api/team/invites', { email: invitee.email, role: 'buyer' });
      expect(res.statusCode, res.body).toBe(201);
    }
    const reset = await new TestClient(t.app).post('/api/auth/password-reset', { email: invitee.email });
    expect(reset.statusCode, reset.body).toBe(200);
    const sent: { to: string; subject: string }[] = [];
    const transport: MailTransport = {
      kind: 'eml',
      send: async (m) => {
        sent.push({ to: m.to, subject: m.subject });
      },
      close: () => {},
    };
    await processOutboxOnce(t.app.ctx, transport);
    const toInvitee = sent.filter((m) => m.to === invitee.email);
    // One invitation a day reaches the address; the reset goes out at once all the same.
    expect(toInvitee.filter((m) => /invites you/.test(m.subject))).toHaveLength(1);
    expect(toInvitee.some((m) => !/invites you/.test(m.subject))).toBe(true);
    const waiting = await t.app.ctx.db
      .select({ template: outbox.template })
      .from(outbox)
      .where(and(eq(outbox.recipient, invitee.email), eq(outbox.status, 'pending')));
    expect(waiting.map((w) => w.template)).toEqual(['team-invite', 'team-invite']);
  });
});
