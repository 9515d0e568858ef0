import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSaleCsv } from '../../../../domain/sale-import.js';

// The shared real auction file (../shared/data/auction-sales/ beside the repository; docs/product/sale-imports.md).
const SHARED = new URL(
  '../../../../../shared/data/auction-sales/auction-sales-2004-2009.csv',
  import.meta.url,
);
const SHARED_FALLBACK = '/work/shared/data/auction-sales/auction-sales-2004-2009.csv';

describe('the shared auction sales file', () => {
  it.runIf(existsSync(SHARED) || existsSync(SHARED_FALLBACK))(
    'reads the shared auction file with no problem',
    () => {
      const text = readFileSync(existsSync(SHARED) ? SHARED : SHARED_FALLBACK, 'utf8');
      const { records, problems, unknownColumns } = parseSaleCsv(text);
      expect(problems).toEqual([]);
      expect(unknownColumns).toEqual([]);
      expect(records).toHaveLength(7860);
      expect(records.filter((r) => r.year === null)).toHaveLength(857);
      expect(records.filter((r) => r.hours === null)).toHaveLength(921);
      expect(records.every((r) => r.gradeTenths === null)).toBe(true);
      expect(new Set(records.map((r) => r.state))).toContain('DC');
    },
  );
});
