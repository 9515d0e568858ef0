import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema.js';
import { EXPORTED_TABLES, NOT_EXPORTED_TABLES } from './export-tables.js';

/**
 * docs/product/accounts.md#download-all-our-data: every table that can hold a row about a dealership or its
 * members is exported or left out with a reason. The list comes from the schema, so a new table with a
 * dealership or user column fails here until it is placed.
 */
const tables = (Object.values(schema) as unknown[]).filter(
  (v): v is PgTable => typeof v === 'object' && v !== null && Symbol.for('drizzle:IsDrizzleTable') in v,
);

/** A dealership or user column: dealership_id, user_id, *_user_id, or a foreign key to users or dealerships. */
function holdsDealerData(table: PgTable): boolean {
  const config = getTableConfig(table);
  if (config.name === 'users' || config.name === 'dealerships') return true;
  if (
    config.columns.some(
      (c) => c.name === 'dealership_id' || c.name === 'user_id' || c.name.endsWith('_user_id'),
    )
  )
    return true;
  return config.foreignKeys.some((fk) => {
    const target = getTableConfig(fk.reference().foreignTable).name;
    return target === 'users' || target === 'dealerships';
  });
}

describe('the data export covers the schema', () => {
  const names = tables.map((t) => getTableConfig(t).name);
  const dealerTables = tables
    .filter(holdsDealerData)
    .map((t) => getTableConfig(t).name)
    .sort();

  it('finds the tables to check', () => {
    expect(dealerTables).toContain('tractor_offers');
    expect(dealerTables).toContain('purchase_ledger_entries');
    expect(dealerTables.length).toBeGreaterThan(20);
  });

  it('exports every table with a dealership or user column, or says why not', () => {
    const placed = new Set([...Object.keys(EXPORTED_TABLES), ...Object.keys(NOT_EXPORTED_TABLES)]);
    expect(dealerTables.filter((t) => !placed.has(t))).toEqual([]);
  });

  it('names only tables that exist, each in one list', () => {
    expect(Object.keys(EXPORTED_TABLES).filter((t) => !names.includes(t))).toEqual([]);
    expect(Object.keys(NOT_EXPORTED_TABLES).filter((t) => !names.includes(t))).toEqual([]);
    expect(Object.keys(EXPORTED_TABLES).filter((t) => t in NOT_EXPORTED_TABLES)).toEqual([]);
  });
});
