import { describe, expect, it } from 'vitest';
import { orderJournal } from './generate-migration.js';

describe('orderJournal', () => {
  it('moves a generated entry stamped before the last hand-set one to just after it', () => {
    const entries = [
      { idx: 17, when: 1796700000000, tag: '0017_a' },
      { idx: 18, when: 1796800000000, tag: '0018_b' },
      { idx: 19, when: 1795624392747, tag: '0019_generated' },
    ];
    expect(orderJournal(entries)).toEqual(['0019_generated']);
    expect(entries.map((e) => e.when)).toEqual([1796700000000, 1796800000000, 1796800000001]);
  });

  it('leaves a journal already in order alone', () => {
    const entries = [
      { idx: 0, when: 1, tag: '0000_a' },
      { idx: 1, when: 5, tag: '0001_b' },
    ];
    expect(orderJournal(entries)).toEqual([]);
    expect(entries.map((e) => e.when)).toEqual([1, 5]);
  });
});
