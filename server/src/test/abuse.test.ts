import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema.js';
import { enqueueMail } from '../lib/outbox.js';
import { processOutboxOnce } from '../modules/mail/mail.worker.js';
import type { MailTransport, OutgoingMail } from '../modules/mail/transport.js';
import { createTestApp, createUser, type TestApp, TestClient } from './test-app.js';

/** Issue 10: nobody can turn our mail or our sign-in against a user. Each block names its section. */

function recordingTransport(sent: OutgoingMail[]): MailTransport {
  return {
    kind: 'eml',
    async send(mail) {
      sent.push(mail);
    },
    close() {},
  };
}

/** A browser at a given client address (the test app trusts X-Forwarded-For). */
const clientAt = (t: TestApp, ip: string) => new TestClient(t.app, { 'x-forwarded-for': ip });

const sellForm = (email: string) => ({
  make: 'Kubota',
  model: 'Click <a href="http://evil.example">here</a> to claim',
  year: '2019',
  hours: '1200',
  location: 'Call 555-0100 now',
  email,
});

describe('1. security mail is never dropped', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: true });
  });
  afterAll(() => t.close());

  const rows = (to: string) =>
    t.app.ctx.db
      .select({ template: outbox.template, status: outbox.status, lastError: outbox.lastError })
      .from(outbox)
      .where(eq(outbox.recipient, to))
      .orderBy(outbox.id);

  it('21 inquiries naming a dealer, then the dealer resets: the reset is delivered', async () => {
    const dealer = await createUser(t.app, { status: 'approved' });
    for (let i = 0; i < 21; i++) {
      const res = await clientAt(t, `10.1.0.${i + 1}`).post('/api/inquiries', sellForm(dealer.email));
      expect(res.statusCode).toBe(201);
    }
    const reset = await clientAt(t, '10.1.1.1').post('/api/auth/password-reset', { email: dealer.email });
    expect(reset.json().message).toBe('Password reset link sent to your email!');

    const sent: OutgoingMail[] = [];
    await processOutboxOnce(t.app.ctx, recordingTransport(sent));
    const toDealer = sent.filter((m) => m.to === dealer.email);
    expect(toDealer.map((m) => m.template)).toEqual([
      'send-tractor-inquiry-confirmation',
      'auth-reset-password',
    ]);
    expect((await rows(dealer.email)).every((r) => r.status === 'sent')).toBe(true);

    // The one confirmation carries the listed make and the year, nothing the visitor typed.
    const confirmation = toDealer[0];
    expect(confirmation.subject).toBe('Your offer request for 2019 Kubota');
    for (const part of [confirmation.subject, confirmation.text, confirmation.html]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('claim');
      expect(part).not.toContain('555-0100');
    }
  });

  it('a sell-form confirmation goes to one address at most once a day', async () => {
    const to = 'stranger@example.com';
    await clientAt(t, '10.2.0.1').post('/api/inquiries', sellForm(to));
    await clientAt(t, '10.2.0.2').post('/api/inquiries', sellForm(to));
    expect((await rows(to)).map((r) => r.template)).toEqual(['send-tractor-inquiry-confirmation']);
    t.clock.advance(24 * 3600_000 + 1000);
    await clientAt(t, '10.2.0.3').post('/api/inquiries', sellForm(to));
    expect(await rows(to)).toHaveLength(2);
  });

  it('one client address gets at most 20 confirmations sent a day; the inquiries are kept', async () => {
    const ip = '10.3.0.1';
    const confirmed: string[] = [];
    for (let i = 0; i < 22; i++) {
      // The form's own limit is 20 per 15 minutes: spread the submissions.
      if (i === 20) t.clock.advance(16 * 60_000);
      const to = `seller-${i}@example.com`;
      const res = await clientAt(t, ip).post('/api/inquiries', sellForm(to));
      expect(res.statusCode).toBe(201);
      if ((await rows(to)).length) confirmed.push(to);
    }
    expect(confirmed).toHaveLength(20);
    // Another client is not affected.
    await clientAt(t, '10.3.0.2').post('/api/inquiries', sellForm('seller-other@example.com'));
    expect(await rows('seller-other@example.com')).toHaveLength(1);
  });

  it('caps count per class: a flood of offer mail does not hold back a sign-in link, and waits', async () => {
    const dealer = await createUser(t.app, { status: 'approved' });
    for (let i = 0; i < 22; i++) {
      await enqueueMail(t.app.ctx.db, {
        template: 'notify-offer-update',
        to: dealer.email,
        payload: { listingId: '00000000-0000-4000-8000-000000000000', status: 'rejected' },
      });
    }
    const link = await clientAt(t, '10.4.0.1').post('/api/auth/sign-in-link', { email: dealer.email });
    expect(link.statusCode).toBe(200);
    const sent: OutgoingMail[] = [];
    const pass = await processOutboxOnce(t.app.ctx, recordingTransport(sent));
    expect(pass.failed).toBe(0);
    expect(sent.some((m) => m.to === dealer.email && m.template === 'auth-sign-in-link')).toBe(true);
    const waiting = (await rows(dealer.email)).filter((r) => r.status === 'pending');
    expect(waiting).toHaveLength(2);
    expect(waiting[0].lastError).toMatch(/Deferred by the recipient cap/);
    // Sent once the hour is over, never marked failed.
    t.clock.advance(3600_000 + 5000);
    await processOutboxOnce(t.app.ctx, recordingTransport(sent));
    expect((await rows(dealer.email)).every((r) => r.status === 'sent')).toBe(true);
  });
});
