import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { createTestApp, createUser, mailsTo, type TestApp, TestClient } from '../../test/test-app.js';
import { runAuditVerificationIfDue } from './audit.service.js';
import { sha256Hex } from './audit-chain.js';

describe('audit log API', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await TestClient.as(
      t.app,
      await createUser(t.app, { status: 'admin', email: 'boss@fieldlot.example' }),
    );
    const request = { ip: '203.0.113.9', userAgent: 'x'.repeat(900) };
    for (let i = 0; i < 60; i++)
      await audit(t.app.ctx.db, {
        action: i % 2 ? 'auth.sign_in' : 'auth.sign_in_failed',
        actorEmail: i % 3 ? 'dealer@example.com' : 'Other@Example.com',
        details: { n: i },
        request,
      });
    await audit(t.app.ctx.db, {
      action: 'inquiry.status_changed',
      actorEmail: 'boss@fieldlot.example',
      details: { n: 60 },
    });
  });
  afterAll(() => t.close());

  type Entry = { id: number; action: string; actorEmail: string; details: { n: number; userAgent: string } };

  it('pages newest first without gaps or repeats', async () => {
    const first = (await admin.get('/api/admin/audit')).json();
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0].action).toBe('inquiry.status_changed');
    const second = (await admin.get(`/api/admin/audit?before=${first.nextCursor}`)).json();
    const all: Entry[] = [...first.entries, ...second.entries];
    expect(second.nextCursor).toBeNull();
    expect(all.map((e) => e.details.n)).toEqual(Array.from({ length: 61 }, (_, i) => 60 - i));
    expect(all[1].details.userAgent).toHaveLength(500);
  });

  it('filters by action (exact or family) and by user e-mail', async () => {
    const exact = (await admin.get('/api/admin/audit?action=auth.sign_in')).json().entries as Entry[];
    expect(exact.length).toBe(30);
    expect(exact.every((e) => e.action === 'auth.sign_in')).toBe(true);
    const family = (await admin.get('/api/admin/audit?action=auth')).json().entries as Entry[];
    expect(family).toHaveLength(50);
    const byEmail = (await admin.get('/api/admin/audit?email=other@example')).json().entries as Entry[];
    expect(byEmail).toHaveLength(20);
    expect(byEmail.every((e) => e.actorEmail === 'Other@Example.com')).toBe(true);
    const both = (await admin.get('/api/admin/audit?email=dealer&action=auth.sign_in')).json()
      .entries as Entry[];
    expect(both.every((e) => e.action === 'auth.sign_in' && e.actorEmail === 'dealer@example.com')).toBe(
      true,
    );
    expect((await admin.get('/api/admin/audit?email=%25')).json().entries).toEqual([]);
  });

  it('lists the actions for the filter', async () => {
    const res = (await admin.get('/api/admin/audit/actions')).json();
    expect(res.actions).toEqual(
      expect.arrayContaining(['auth.sign_in', 'auth.sign_in_failed', 'inquiry.status_changed']),
    );
  });

  it('is for admins only', async () => {
    const dealer = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
    expect((await dealer.get('/api/admin/audit')).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/admin/audit')).statusCode).toBe(401);
  });
});

describe('audit export and nightly verification API', () => {
  let t: TestApp;
  let admin: TestClient;
  let adminEmail: string;
  beforeAll(async () => {
    t = await createTestApp();
    const user = await createUser(t.app, { status: 'admin' });
    adminEmail = user.email;
    admin = await TestClient.as(t.app, user);
    const at = (d: string) => new Date(`${d}Z`);
    await t.app.ctx.db.insert(auditLog).values([
      { action: 'auth.sign_in', actorEmail: 'a@example.com', createdAt: at('2026-10-31T23:59:59.999') },
      {
        action: 'auth.sign_in',
        actorEmail: '=HYPERLINK("http://evil.example")',
        ip: '203.0.113.9',
        details: { note: '+1, "quoted"' },
        createdAt: at('2026-11-01T00:00:00'),
      },
      { action: 'listing.published', actorEmail: 'b@example.com', createdAt: at('2026-11-02T08:30:00') },
      { action: 'listing.sold', actorEmail: 'c@example.com', createdAt: at('2026-11-03T00:00:00') },
    ]);
  });
  afterAll(() => t.close());

  it('exports a period as JSON with the hashes that chain its rows', async () => {
    const res = await admin.get('/api/admin/audit/export?from=2026-11-01&to=2026-11-02&format=json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="fieldlot-audit-2026-11-01-to-2026-11-02.json"',
    );
    const doc = res.json();
    expect(doc.rows.map((r: { action: string }) => r.action)).toEqual(['auth.sign_in', 'listing.published']);
    const [first, second] = doc.rows;
    expect(first).toMatchObject({
      createdAt: '2026-11-01T00:00:00.000000Z',
      details: { note: '+1, "quoted"' },
    });
    expect(second.prevHash).toBe(first.rowHash);
    expect(doc.hashing).toMatch(/SHA-256/);
    // The hash is reproducible from the exported fields in the documented canonical form (jsonb's text).
    const canonical = rowsOf<{ c: string }>(
      await t.app.ctx.db.execute(sql`select jsonb_build_array(${first.chainSeq}::bigint, ${first.prevHash}::text,
        ${first.id}::bigint, ${first.action}::text, ${first.resourceType}::text, ${first.actorUserId}::uuid,
        ${first.actorEmail}::text, ${first.ip}::text, ${JSON.stringify(first.details)}::jsonb,
        ${first.createdAt}::text)::text as c`),
    )[0];
    expect(sha256Hex(canonical.c)).toBe(first.rowHash);
  });

  it('exports CSV with every cell a spreadsheet would run as a formula quoted', async () => {
    const res = await admin.get('/api/admin/audit/export?from=2026-11-01&to=2026-11-01');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,chain_seq,created_at,action,resource_type,actor_user_id,actor_email,ip,details,prev_hash,row_hash',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil.example"")",203.0.113.9,`);
    expect(lines[1]).toContain(String.raw`,"{""note"":""+1, \""quoted\""""}",`);
    expect(lines[1]).toMatch(/,[0-9a-f]{64},[0-9a-f]{64}$/);
  });

  it('refuses a period that ends before it starts, or an unknown format', async () => {
    const res = await admin.get('/api/admin/audit/export?from=2026-11-03&to=2026-11-01&format=csv');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    const xml = await admin.get('/api/admin/audit/export?from=2026-11-01&to=2026-11-02&format=xml');
    expect(xml.statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const dealer = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
    const url = '/api/admin/audit/export?from=2026-11-01&to=2026-11-02&format=json';
    expect((await dealer.get(url)).statusCode).toBe(403);
    expect((await new TestClient(t.app).get(url)).statusCode).toBe(401);
    expect((await dealer.get('/api/admin/audit/verification')).statusCode).toBe(403);
  });

  it('verifies once a day across instances, shows "verified through" and mails admins when it fails', async () => {
    const status = async () => (await admin.get('/api/admin/audit/verification')).json();
    expect(await status()).toEqual({ verifiedThrough: null, lastRunAt: null, lastRunOk: null, problems: [] });

    const night = (d: number) => new Date(2026, 11, d, 3, 0);
    expect(await runAuditVerificationIfDue(t.app.ctx, new Date(2026, 11, 1, 1, 0))).toBe('not-due');
    const [a, b] = await Promise.all([
      runAuditVerificationIfDue(t.app.ctx, night(1)),
      runAuditVerificationIfDue(t.app.ctx, night(1)),
    ]);
    expect([a, b].sort()).toEqual(['passed', 'taken']);
    const passed = await status();
    expect(passed).toMatchObject({ lastRunOk: true, problems: [] });
    const newest = rowsOf<{ t: string }>(
      await t.app.ctx.db.execute(sql`select to_char(created_at at time zone 'UTC',
        'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as t from audit_log order by chain_seq desc limit 1`),
    )[0];
    expect(passed.verifiedThrough).toBe(newest.t);
    expect((await mailsTo(t, adminEmail)).filter((m) => m.template === 'audit-verification-failed')).toEqual(
      [],
    );

    const { id } = rowsOf<{ id: number }>(
      await t.app.ctx.db.execute(sql`select id from audit_log where action = 'listing.sold'`),
    )[0];
    await t.app.ctx.db.execute(sql`alter table audit_log disable trigger audit_log_no_update`);
    await t.app.ctx.db.execute(
      sql`update audit_log set actor_email = 'someone-else@example.com' where id = ${id}`,
    );
    await t.app.ctx.db.execute(sql`alter table audit_log enable trigger audit_log_no_update`);

    expect(await runAuditVerificationIfDue(t.app.ctx, night(2))).toBe('failed');
    const failed = await status();
    expect(failed.verifiedThrough).toBe(passed.verifiedThrough);
    expect(failed.lastRunOk).toBe(false);
    expect(failed.problems[0]).toMatch(new RegExp(`^audit row ${id} \\(chain position \\d+\\) was changed`));
    const mails = (await mailsTo(t, adminEmail)).filter((m) => m.template === 'audit-verification-failed');
    expect(mails).toHaveLength(1);
    expect(mails[0].payload).toMatchObject({ day: '2026-12-02', problemCount: 1 });
  });
});
