import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Executor, MIGRATIONS_FOLDER, openDatabase, rowsOf } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { dataDirFromTemplate } from '../../test/data-dir-fixture.js';
import {
  createDatabaseFromTemplate,
  dbUrl,
  dropDatabase,
  ensurePostgresTemplate,
} from '../../test/template-db.js';
import { openTestDatabase } from '../../test/test-app.js';
import { verifyAuditChain } from './audit.service.js';
import { GENESIS_HASH, sha256Hex } from './audit-chain.js';

/** The audit log's hash chain (docs/product/security.md#audit-log, decision 0081). */

async function chain(exec: Executor) {
  return rowsOf<{ id: string; chain_seq: string; prev_hash: string; row_hash: string }>(
    await exec.execute(sql`select id, chain_seq, prev_hash, row_hash from audit_log order by chain_seq`),
  ).map((r) => ({ id: Number(r.id), seq: Number(r.chain_seq), prev: r.prev_hash, hash: r.row_hash }));
}

/** What a database superuser can do: switch the insert-only guard off, change or delete rows, switch it on. */
async function asSuperuser(exec: Executor, statements: ReturnType<typeof sql>[]) {
  await exec.execute(sql`alter table audit_log disable trigger audit_log_no_update`);
  for (const s of statements) await exec.execute(s);
  await exec.execute(sql`alter table audit_log enable trigger audit_log_no_update`);
}

const day = (d: string) => new Date(`${d}T12:00:00.000Z`);

describe('audit hash chain', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let ids: number[];
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    const db = database.db;
    // Rows on three days, one by one, several in one statement, and one whose transaction rolls back.
    for (let i = 0; i < 6; i++)
      await db.insert(auditLog).values({
        action: 'auth.sign_in',
        actorEmail: `dealer${i}@example.com`,
        details: { n: i, nested: { b: [1, 2.5, 'x'], a: null }, text: 'ünïcode "quoted"' },
        ip: '203.0.113.7',
        createdAt: day(`2026-11-0${1 + Math.floor(i / 2)}`),
      });
    await db.insert(auditLog).values([
      { action: 'bulk.one', createdAt: day('2026-11-03') },
      // A caller cannot choose its place or hash in the chain: the trigger sets them.
      { action: 'bulk.two', createdAt: day('2026-11-03'), chainSeq: 999, prevHash: 'x', rowHash: 'y' },
    ]);
    await db
      .transaction(async (tx) => {
        await audit(tx, { action: 'rolled.back' });
        throw new Error('roll back');
      })
      .catch(() => {});
    await audit(db, { action: 'auth.sign_out', details: { n: 8 } });
    ids = (await chain(db)).map((r) => r.id);
  });
  afterAll(() => drop());

  it('gives each row the next position, the previous hash and the hash of its own content', async () => {
    const rows = await chain(database.db);
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1));
    expect(rows).toHaveLength(9);
    expect(rows[0].prev).toBe(GENESIS_HASH);
    for (let i = 1; i < rows.length; i++) expect(rows[i].prev).toBe(rows[i - 1].hash);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.hash))).toBe(true);
    const head = rowsOf<{ last_seq: string; last_hash: string }>(
      await database.db.execute(sql`select last_seq, last_hash from audit_chain_head`),
    )[0];
    expect([Number(head.last_seq), head.last_hash]).toEqual([9, rows[8].hash]);
    // The verifier's canonical form hashes to what the trigger stored.
    const content = rowsOf<{ c: string }>(
      await database.db.execute(sql`select jsonb_build_array(chain_seq, prev_hash, id, action, resource_type,
        actor_user_id, actor_email, ip, details,
        to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text as c
        from audit_log where chain_seq = 1`),
    )[0].c;
    expect(content).toContain('"2026-11-01T12:00:00.000000Z"');
    expect(sha256Hex(content)).toBe(rows[0].hash);
  });

  it('verifies untouched: the whole log and a period', async () => {
    const all = await verifyAuditChain(database.db);
    expect(all).toMatchObject({ ok: true, rowsChecked: 9, firstSeq: 1, lastSeq: 9, problems: [] });
    const period = await verifyAuditChain(database.db, { from: day('2026-11-02'), to: day('2026-11-03') });
    expect(period).toMatchObject({ ok: true, rowsChecked: 2, firstSeq: 3, lastSeq: 4 });
    const future = await verifyAuditChain(database.db, { from: day('2099-01-01') });
    expect(future).toMatchObject({ ok: true, rowsChecked: 0, problems: [] });
  });

  it('names a row changed and a row deleted by a superuser, and the newest row deleted', async () => {
    const changed = ids[2];
    const removed = ids[5];
    await asSuperuser(database.db, [
      sql`update audit_log set details = details || '{"n": 99}' where id = ${changed}`,
      sql`delete from audit_log where id = ${removed}`,
    ]);
    const result = await verifyAuditChain(database.db);
    expect(result.ok).toBe(false);
    expect(result.problems.map((p) => [p.kind, p.chainSeq, p.rowId])).toEqual([
      ['changed', 3, changed],
      ['removed', 6, ids[6]],
    ]);
    expect(result.problems[0].message).toBe(
      `audit row ${changed} (chain position 3) was changed: its content no longer matches its hash`,
    );
    expect(result.problems[1].message).toBe(
      `chain position 6 is missing: a row was removed before audit row ${ids[6]}`,
    );
    // A period before the changes still verifies; one that holds them does not.
    expect((await verifyAuditChain(database.db, { from: day('2026-11-01'), to: day('2026-11-02') })).ok).toBe(
      true,
    );
    expect(
      (await verifyAuditChain(database.db, { from: day('2026-11-02'), to: day('2026-11-03') })).problems,
    ).toHaveLength(1);

    // Removing the newest row leaves no gap between rows: the chain head still counts it.
    await asSuperuser(database.db, [sql`delete from audit_log where id = ${ids[8]}`]);
    const after = await verifyAuditChain(database.db);
    expect(after.problems.at(-1)).toMatchObject({ kind: 'removed', chainSeq: 9, rowId: null });
  });

  it('names a row inserted out of order with a hash of its own', async () => {
    const rows = await chain(database.db);
    const target = rows[0];
    // A forged row given position 6 (freed above) and a correct hash of its own content, but not linked to row 5.
    await database.db.execute(sql`alter table audit_log disable trigger audit_log_chain`);
    await database.db.execute(
      sql`insert into audit_log (action, chain_seq, prev_hash, row_hash, created_at)
          values ('forged', 6, ${target.hash}, 'pending', '2026-11-03T12:00:00Z')`,
    );
    await database.db.execute(sql`alter table audit_log enable trigger audit_log_chain`);
    await asSuperuser(database.db, [
      sql`update audit_log set row_hash = encode(sha256(convert_to(jsonb_build_array(chain_seq, prev_hash, id, action,
        resource_type, actor_user_id, actor_email, ip, details,
        to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text, 'UTF8')), 'hex')
        where action = 'forged'`,
    ]);
    const result = await verifyAuditChain(database.db);
    expect(result.problems.map((p) => p.kind)).toEqual([
      'changed',
      'out-of-order',
      'out-of-order',
      'removed',
    ]);
    expect(result.problems[1].message).toMatch(/chain position 6\) does not follow the row before it/);
  });
});

describe('audit hash chain under concurrent writers', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  it('stays one chain when transactions write audit rows at once', async () => {
    const db = database.db;
    // Each transaction writes a row, waits while holding it, writes another: on PostgreSQL (TEST_DATABASE_URL, a
    // pool of 10) they overlap and queue on the chain head; PGlite runs them one after another.
    const writers = Array.from({ length: 12 }, (_, w) =>
      db.transaction(async (tx) => {
        await audit(tx, { action: 'concurrent.first', details: { w } });
        await tx.execute(sql`select pg_sleep(0.02)`);
        await audit(tx, { action: 'concurrent.second', details: { w } });
      }),
    );
    const outside = Array.from({ length: 12 }, (_, w) =>
      audit(db, { action: 'concurrent.single', details: { w } }),
    );
    await Promise.all([...writers, ...outside]);
    const rows = await chain(db);
    expect(rows).toHaveLength(36);
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 36 }, (_, i) => i + 1));
    // The ids were taken before the lock: with overlapping writers the chain's order differs from the id order.
    const idOrder = rows.map((r) => r.id);
    console.log(
      `concurrent audit writers on ${database.kind}: 36 rows chained; ${idOrder.filter((id, i) => i > 0 && id < idOrder[i - 1]).length} rows chained out of id order`,
    );
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true, rowsChecked: 36 });
  });

  it('makes a second writer wait for the first to commit', async () => {
    if (database.kind !== 'postgres') return; // PGlite has one connection: two transactions cannot overlap.
    const db = database.db;
    const events: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let firstWrote!: () => void;
    const wrote = new Promise<void>((r) => {
      firstWrote = r;
    });
    const first = db.transaction(async (tx) => {
      await audit(tx, { action: 'hold.first' });
      firstWrote();
      await held;
      events.push('first commits');
    });
    await wrote;
    const second = audit(db, { action: 'hold.second' }).then(() => events.push('second wrote'));
    await new Promise((r) => setTimeout(r, 300));
    expect(events).toEqual([]);
    release();
    await Promise.all([first, second]);
    expect(events).toEqual(['first commits', 'second wrote']);
    const rows = await chain(db);
    expect(rows.at(-1)?.prev).toBe(rows.at(-2)?.hash);
    expect((await verifyAuditChain(db)).ok).toBe(true);
  });
});

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

function runVerify(
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/cli/audit-verify.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'development', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('npm run audit:verify', () => {
  const PG_URL = process.env.TEST_DATABASE_URL;
  let dataDir: string;
  let env: Record<string, string>;
  let open: () => Promise<Database>;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'fieldlot-audit-verify-'));
    if (PG_URL) {
      const name = await createDatabaseFromTemplate(PG_URL, await ensurePostgresTemplate(PG_URL));
      env = { DATABASE_URL: dbUrl(PG_URL, name), DATA_DIR: dataDir };
      open = () => openDatabase({ databaseUrl: dbUrl(PG_URL, name), poolSize: 1 });
      cleanup = () => dropDatabase(PG_URL, name);
    } else {
      await dataDirFromTemplate(dataDir);
      env = { DATA_DIR: dataDir };
      open = () => openDatabase({ pgliteDir: path.join(dataDir, 'pg') });
      cleanup = async () => {};
    }
  }, 60_000);
  afterAll(async () => {
    await cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('exits 0 on an untouched log and 1 naming the changed and the removed row', async () => {
    let database = await open();
    for (let i = 0; i < 5; i++) await audit(database.db, { action: 'auth.sign_in', details: { n: i } });
    const ids = (await chain(database.db)).map((r) => r.id);
    await database.close();

    const clean = await runVerify(env);
    expect(clean.out).toMatch(/Audit chain intact: 5 rows \(chain positions 1 to 5\)/);
    expect(clean.code).toBe(0);

    database = await open();
    await asSuperuser(database.db, [
      sql`update audit_log set action = 'auth.nothing_happened' where id = ${ids[1]}`,
      sql`delete from audit_log where id = ${ids[3]}`,
    ]);
    await database.close();

    const broken = await runVerify(env);
    expect(broken.code).toBe(1);
    expect(broken.out).toContain('Audit chain BROKEN: 2 problem(s)');
    expect(broken.out).toContain(
      `First: audit row ${ids[1]} (chain position 2) was changed: its content no longer matches its hash`,
    );
    expect(broken.out).toContain(
      `- [removed] chain position 4 is missing: a row was removed before audit row ${ids[4]}`,
    );

    const usage = await runVerify(env, ['--from', 'yesterday']);
    expect(usage.code).toBe(2);
  }, 120_000);
});

describe('the migration that starts the chain', () => {
  it('chains the rows written before it, in id order, and the chain goes on from them', async () => {
    const journal = JSON.parse(
      readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
    ) as {
      entries: { tag: string }[];
    };
    const chainStart = journal.entries.findIndex((e) => e.tag.endsWith('_audit-hash-chain'));
    expect(chainStart).toBeGreaterThan(0);
    const database = await openDatabase({});
    try {
      const apply = async (tag: string) => {
        const text = readFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), 'utf8');
        for (const statement of text.split('--> statement-breakpoint'))
          if (statement.trim()) await database.db.execute(sql.raw(statement));
      };
      for (const e of journal.entries.slice(0, chainStart)) await apply(e.tag);
      for (let i = 0; i < 4; i++)
        await database.db.execute(
          sql`insert into audit_log (action, details, created_at) values (${`before.${i}`}, ${JSON.stringify({ i })}::jsonb,
            ${`2026-0${i + 1}-15T10:00:00.123456Z`})`,
        );
      for (const e of journal.entries.slice(chainStart)) await apply(e.tag);
      await audit(database.db, { action: 'after' });
      const rows = await chain(database.db);
      expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
      expect(rows[0].prev).toBe(GENESIS_HASH);
      expect(rows[4].prev).toBe(rows[3].hash);
      expect(await verifyAuditChain(database.db)).toMatchObject({ ok: true, rowsChecked: 5 });
    } finally {
      await database.close();
    }
  }, 120_000);
});
