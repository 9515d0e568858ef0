import { describe, expect, it } from 'vitest';
import { thisMonth } from './money-range';

describe('the money view default range', () => {
  it('is the whole month of today, on the local calendar', () => {
    expect(thisMonth(new Date(2026, 11, 10, 23, 30))).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(thisMonth(new Date(2026, 1, 1, 0, 5))).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(thisMonth(new Date(2028, 1, 15))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
});
