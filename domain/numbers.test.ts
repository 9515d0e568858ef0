import { describe, expect, it } from 'vitest';
import { formatDollars, formatDollarsCents, formatDollarsRounded, formatHours } from './money';
import { formatCount } from './numbers';

// Written by hand, these must read exactly as Intl's en-US output (decision 0061).
const whole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});
const cents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
});

const samples = [
  0,
  -0,
  1,
  -1,
  9,
  10,
  99,
  100,
  999,
  1000,
  1001,
  -1000,
  12_345,
  99_999,
  100_000,
  999_999,
  1_000_000,
  -1_234_567,
  48_500_00,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  ...Array.from({ length: 500 }, (_, i) => Math.round((i * 7919) ** 1.7) * (i % 3 === 0 ? -1 : 1)),
];

describe('numbers written by hand', () => {
  it('group digits as Intl does, and hand anything else to it', () => {
    for (const n of [...samples, 1234.5, -0.25, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])
      expect(formatCount(n), String(n)).toBe(n.toLocaleString('en-US'));
    expect(formatHours(4321)).toBe('4,321 hrs');
  });

  it('write whole dollars and dollars with cents as Intl does', () => {
    // Up to 10^15 cents, beyond any amount the product takes; above it Intl's c / 100 itself loses the cents.
    const amounts = [...samples, 49, 50, 51, -50, -51, 149, 150, 12_345_67, 0.5, 2 ** 60];
    for (const c of amounts.filter((a) => Math.abs(a) < 1e15)) {
      expect(formatDollarsRounded(c), String(c)).toBe(whole.format(Math.round(c / 100)));
      const exact = Math.round(c);
      expect(formatDollars(c), String(c)).toBe(
        exact % 100 === 0 ? whole.format(exact / 100) : cents.format(exact / 100),
      );
      expect(formatDollarsCents(c), String(c)).toBe(cents.format(c / 100));
    }
  });
});
