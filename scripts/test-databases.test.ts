import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dropRunDatabases,
  dropStaleDatabases,
  isStale,
  newRunId,
  runPrefix,
  runStartedAt,
  STALE_AFTER_MS,
  testRunId,
} from './test-databases.mjs';

describe('test database names', () => {
  it('carry the run start, so a crashed run is recognised as stale by name alone', () => {
    const now = Date.UTC(2026, 10, 25, 12, 0, 0);
    const id = newRunId(now);
    expect(id).toMatch(/^r[0-9a-z]{13}$/);
    expect(runStartedAt(`fieldlot_${id}_t_123_ab12cd34`)).toBe(now);
    expect(isStale(`fieldlot_${id}_tpl`, now + STALE_AFTER_MS - 1000)).toBe(false);
    expect(isStale(`fieldlot_${id}_tpl`, now + STALE_AFTER_MS + 1000)).toBe(true);
  });

  it('are never another naming scheme: older runs, the product and hand-made databases are not ours', () => {
    const farFuture = Date.UTC(2100, 0, 1);
    for (const name of [
      'fieldlot_t_1_abc',
      'fieldlot_tpl_0123456789ab',
      'fieldlot_cluster_9_x',
      'fieldlot',
      'postgres',
    ])
      expect(isStale(name, farFuture)).toBe(false);
  });

  it('of one run share its prefix, and two runs never share one', () => {
    expect(runPrefix(testRunId())).toBe(`fieldlot_${process.env.FIELDLOT_TEST_RUN_ID}_`);
    expect(newRunId()).not.toBe(newRunId());
  });
});

const PG_URL = process.env.TEST_DATABASE_URL;

describe.runIf(PG_URL)('the clean-up on a PostgreSQL shared with other runs', () => {
  const admin = new pg.Client({ connectionString: PG_URL });
  const hoursAgo = (h: number) => Date.now() - h * 60 * 60 * 1000;
  const ours = newRunId();
  const another = newRunId();
  const crashed = newRunId(hoursAgo(7));
  const recent = newRunId(hoursAgo(1));
  const names = [
    `fieldlot_${ours}_t_1_a`,
    `fieldlot_${ours}_tpl`,
    `fieldlot_${another}_t_2_b`,
    `fieldlot_${crashed}_t_3_c`,
    `fieldlot_${recent}_t_4_d`,
  ];
  const existing = async () =>
    (
      await admin.query<{ datname: string }>('select datname from pg_database where datname = any($1)', [
        names,
      ])
    ).rows
      .map((r) => r.datname)
      .sort();

  beforeAll(async () => {
    await admin.connect();
    for (const name of names) await admin.query(`create database "${name}"`);
  });
  afterAll(async () => {
    for (const name of names) await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  it("drops the run's own databases and those of runs older than six hours, and leaves the others", async () => {
    expect((await dropRunDatabases(admin, ours)).sort()).toEqual(names.slice(0, 2).sort());
    expect(await dropStaleDatabases(admin)).toEqual([`fieldlot_${crashed}_t_3_c`]);
    expect(await existing()).toEqual([`fieldlot_${another}_t_2_b`, `fieldlot_${recent}_t_4_d`].sort());
  });
});
