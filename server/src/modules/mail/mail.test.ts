import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema.js';
import type { TemplateName } from '../../lib/mail-classes.js';
import { enqueueMail } from '../../lib/outbox.js';
import { freePort } from '../../test/free-port.js';
import { createTestApp, createUser, type TestApp } from '../../test/test-app.js';
import { CLAIM_LEASE_MS, MAIL_RETRY, processOutboxOnce, RECIPIENT_CAP, retryDelayMs } from './mail.worker.js';
import { claimDueMessages, retryOutboxMessage } from './outbox.repository.js';
import { defineTemplate, layout } from './templates.js';
import { emlTransport, type MailTransport, type OutgoingMail, smtpTransport } from './transport.js';

// Test-only templates borrow a transactional name's slot in the type (their class falls back to transactional).
const TEMPLATE = defineTemplate<{ name: string }>('test.hello' as TemplateName, (p, env) => ({
  subject: `Hello ${p.name}`,
  ...layout(
    {
      title: `Hello ${p.name}`,
      paragraphs: ['Your tractor is waiting.'],
      cta: { label: 'Open', url: `${env.publicUrl}/my-offers` },
    },
    env,
  ),
}));

const COMMERCIAL = defineTemplate('test-commercial' as TemplateName, (_p: Record<string, unknown>, env) => ({
  subject: 'New tractors',
  html: '<p>New tractors</p>',
  text: 'New tractors',
  unsubscribeUrl: `${env.publicUrl}/unsubscribe?token=abc`,
}));

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on a fixed port, so it can go down and come back at the same address. */
async function startSmtp(port: number): Promise<{ received: Received[]; stop: () => Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function rowsFor(t: TestApp, recipient: string) {
  return t.app.ctx.db
    .select({
      id: outbox.id,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      sentAt: outbox.sentAt,
    })
    .from(outbox)
    .where(eq(outbox.recipient, recipient))
    .orderBy(outbox.id);
}

/** Records what it was asked to send; slow on purpose so concurrent passes overlap. */
function recordingTransport(sent: OutgoingMail[]): MailTransport {
  return {
    kind: 'eml',
    async send(mail) {
      await new Promise((r) => setTimeout(r, 2));
      sent.push(mail);
    },
    close() {},
  };
}

describe('mail outbox worker', () => {
  let t: TestApp;
  let port: number;
  let smtp: { received: Received[]; stop: () => Promise<void> } | undefined;
  const tmpDirs: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    port = await freePort();
  });
  afterEach(async () => {
    await smtp?.stop();
    smtp = undefined;
  });
  afterAll(async () => {
    await t.close();
    for (const dir of tmpDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('delivers a queued message over SMTP with HTML and text parts', async () => {
    smtp = await startSmtp(port);
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    await enqueueMail(t.app.ctx.db, {
      template: TEMPLATE,
      to: 'smtp-ok@example.com',
      payload: { name: 'Ada' },
    });

    const pass = await processOutboxOnce(t.app.ctx, transport);
    transport.close();

    expect(pass.sent).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail.to).toEqual(['smtp-ok@example.com']);
    expect(mail.raw).toMatch(/^Subject: Hello Ada/m);
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).toContain('Content-Type: text/html');
    expect(mail.raw).toContain('http://localhost:3000/my-offers');
    const [row] = await rowsFor(t, 'smtp-ok@example.com');
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    // Transactional mail has no unsubscribe header.
    expect(mail.raw).not.toMatch(/^List-Unsubscribe:/im);
  });

  it('sends the unsubscribe link of commercial mail as a List-Unsubscribe header', async () => {
    smtp = await startSmtp(port);
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    await enqueueMail(t.app.ctx.db, { template: COMMERCIAL, to: 'list@example.com', payload: {} });
    await processOutboxOnce(t.app.ctx, transport);
    transport.close();
    expect(smtp.received[0].raw).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:3000\/unsubscribe\?token=abc>/m,
    );
  });

  it('keeps the message while the SMTP server is down and delivers it once it is back', async () => {
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    await enqueueMail(t.app.ctx.db, {
      template: TEMPLATE,
      to: 'outage@example.com',
      payload: { name: 'Bo' },
    });

    // Nothing listens on the port: the attempt fails and the row waits for its back-off.
    expect(await processOutboxOnce(t.app.ctx, transport)).toEqual({
      sent: 0,
      retried: 1,
      failed: 0,
      deferred: 0,
    });
    let [row] = await rowsFor(t, 'outage@example.com');
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);

    // Before the back-off is over, nothing is tried even with the server up again.
    smtp = await startSmtp(port);
    expect(await processOutboxOnce(t.app.ctx, transport)).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
      deferred: 0,
    });

    t.clock.advance(retryDelayMs(1) + 1000);
    expect(await processOutboxOnce(t.app.ctx, transport)).toEqual({
      sent: 1,
      retried: 0,
      failed: 0,
      deferred: 0,
    });
    transport.close();
    expect(smtp.received.map((m) => m.to[0])).toEqual(['outage@example.com']);
    [row] = await rowsFor(t, 'outage@example.com');
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('backs off exponentially and gives up after the last attempt, recording the error', async () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20)).toBe(MAIL_RETRY.maxDelayMs);
    const failing: MailTransport = {
      kind: 'smtp',
      send: async () => {
        throw new Error('451 mailbox busy');
      },
      close() {},
    };
    await enqueueMail(t.app.ctx.db, {
      template: TEMPLATE,
      to: 'gives-up@example.com',
      payload: { name: 'Cy' },
    });
    for (let i = 0; i < MAIL_RETRY.maxAttempts; i++) {
      await processOutboxOnce(t.app.ctx, failing);
      t.clock.advance(MAIL_RETRY.maxDelayMs + 1000);
    }
    const [row] = await rowsFor(t, 'gives-up@example.com');
    expect(row).toMatchObject({
      status: 'failed',
      attempts: MAIL_RETRY.maxAttempts,
      lastError: '451 mailbox busy',
    });

    // The admin's retry puts it back in the queue for a new series of attempts.
    expect(await retryOutboxMessage(t.app.ctx.db, row.id, t.clock.now())).toBe(true);
    expect(await retryOutboxMessage(t.app.ctx.db, row.id, t.clock.now())).toBe(false);
    const sent: OutgoingMail[] = [];
    expect((await processOutboxOnce(t.app.ctx, recordingTransport(sent))).sent).toBe(1);
    expect(sent.map((m) => m.to)).toEqual(['gives-up@example.com']);
  });

  it('fails a message whose template does not exist without retrying it', async () => {
    await enqueueMail(t.app.ctx.db, {
      template: 'no.such.template' as TemplateName,
      to: 'render@example.com',
    });
    const pass = await processOutboxOnce(t.app.ctx, recordingTransport([]));
    expect(pass.failed).toBe(1);
    const [row] = await rowsFor(t, 'render@example.com');
    expect(row.status).toBe('failed');
    expect(row.lastError).toMatch(/Unknown mail template/);
  });

  it('returns a row claimed by a crashed worker to the queue when its lease runs out', async () => {
    await enqueueMail(t.app.ctx.db, { template: TEMPLATE, to: 'crash@example.com', payload: { name: 'Di' } });
    const now = t.clock.now();
    // Another instance claims the row and dies before sending.
    const claimed = await claimDueMessages(t.app.ctx.db, now, new Date(now.getTime() + CLAIM_LEASE_MS), 50);
    expect(claimed.map((m) => m.recipient)).toContain('crash@example.com');
    const sent: OutgoingMail[] = [];
    expect((await processOutboxOnce(t.app.ctx, recordingTransport(sent))).sent).toBe(0);
    t.clock.advance(CLAIM_LEASE_MS + 1000);
    expect((await processOutboxOnce(t.app.ctx, recordingTransport(sent))).sent).toBe(1);
    expect(sent[0].to).toBe('crash@example.com');
  });

  it('caps the e-mails one recipient gets per hour, except administrators; over the cap mail waits', async () => {
    const admin = await createUser(t.app, { status: 'admin' });
    for (let i = 0; i < RECIPIENT_CAP.perHour + 2; i++) {
      await enqueueMail(t.app.ctx.db, {
        template: TEMPLATE,
        to: 'flooded@example.com',
        payload: { name: `${i}` },
      });
      await enqueueMail(t.app.ctx.db, { template: TEMPLATE, to: admin.email, payload: { name: `${i}` } });
    }
    const sent: OutgoingMail[] = [];
    const pass = await processOutboxOnce(t.app.ctx, recordingTransport(sent));
    expect(pass).toMatchObject({ failed: 0, deferred: 2 });
    expect(sent.filter((m) => m.to === 'flooded@example.com')).toHaveLength(RECIPIENT_CAP.perHour);
    expect(sent.filter((m) => m.to === admin.email)).toHaveLength(RECIPIENT_CAP.perHour + 2);
    const rows = await rowsFor(t, 'flooded@example.com');
    const waiting = rows.filter((r) => r.status === 'pending');
    expect(waiting).toHaveLength(2);
    expect(waiting[0].lastError).toMatch(/recipient cap/);
    // Both waiting ones are the newest: the first 20 went out in order.
    expect(waiting.map((r) => r.id)).toEqual(rows.slice(-2).map((r) => r.id));

    // Not before the hour is over; then both go out, and nothing was ever marked failed.
    t.clock.advance(30 * 60_000);
    expect((await processOutboxOnce(t.app.ctx, recordingTransport(sent))).sent).toBe(0);
    t.clock.advance(30 * 60_000 + 2000);
    expect((await processOutboxOnce(t.app.ctx, recordingTransport(sent))).sent).toBe(2);
    expect((await rowsFor(t, 'flooded@example.com')).every((r) => r.status === 'sent')).toBe(true);
  });

  it('never sends a row twice when two workers claim at the same time', async () => {
    const count = 60;
    for (let i = 0; i < count; i++) {
      await enqueueMail(t.app.ctx.db, {
        template: TEMPLATE,
        to: `parallel${i}@example.com`,
        payload: { name: 'P' },
      });
    }
    const a: OutgoingMail[] = [];
    const b: OutgoingMail[] = [];
    await Promise.all([
      processOutboxOnce(t.app.ctx, recordingTransport(a)),
      processOutboxOnce(t.app.ctx, recordingTransport(b)),
    ]);
    const ids = [...a, ...b].map((m) => m.id);
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
    if (t.database.kind === 'postgres') {
      // On PostgreSQL the two passes truly ran side by side and shared the work.
      expect(a.length).toBeGreaterThan(0);
      expect(b.length).toBeGreaterThan(0);
    }
  });

  it('writes an .eml file per message and logs its file, never its links, when no SMTP server is configured', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fieldlot-eml-'));
    tmpDirs.push(dir);
    const logged: Array<Record<string, unknown>> = [];
    const log = { info: (obj: Record<string, unknown>) => logged.push(obj) } as unknown as FastifyBaseLogger;
    await enqueueMail(t.app.ctx.db, { template: TEMPLATE, to: 'eml@example.com', payload: { name: 'Eve' } });

    expect((await processOutboxOnce(t.app.ctx, emlTransport(dir, log))).sent).toBe(1);

    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-\d{6}-test\.hello\.eml$/);
    const eml = readFileSync(path.join(dir, files[0]), 'utf8');
    expect(eml).toMatch(/^To: eml@example.com$/m);
    expect(eml).toMatch(/^Subject: Hello Eve$/m);
    expect(logged[0]).toMatchObject({ to: 'eml@example.com', file: path.join(dir, files[0]) });
    expect(eml).toContain('http://localhost:3000/my-offers');
    expect(JSON.stringify(logged)).not.toContain('http://');
  });
});
