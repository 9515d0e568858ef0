import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BUYER_FEE_LABEL,
  buyerFeeCents,
  DOLLAR_AMOUNT_MESSAGE,
  formatDollars,
  formatDollarsCents,
  formatDollarsRounded,
  formatHours,
  invoiceTotalCents,
  parseDollarAmount,
  parseDollarsToCents,
  plainAmount,
  totalWithFeeCents,
} from './money';

describe('buyer fee: $500 + 5% of the amount, whole dollars (offers.md#buyer-fee, decision 0069)', () => {
  it('adds $500 and 5 percent', () => {
    expect(buyerFeeCents(48_500_00)).toBe(500_00 + 2_425_00);
    expect(buyerFeeCents(0)).toBe(500_00);
    expect(totalWithFeeCents(48_500_00)).toBe(48_500_00 + 2_925_00);
  });

  it('rounds 5% to the whole dollar, half up', () => {
    // The sale: 5% of $38,950 is $1,947.50, so the fee is $2,448 and the total $41,398 + $2,448.
    expect(buyerFeeCents(38_950_00)).toBe(2_448_00);
    expect(totalWithFeeCents(38_950_00)).toBe(41_398_00);
    expect(buyerFeeCents(38_949_00)).toBe(2_447_00); // $1,947.45 rounds down
    expect(buyerFeeCents(10_00)).toBe(501_00); // 50 cents rounds up
    expect(buyerFeeCents(9_00)).toBe(500_00); // 45 cents rounds down
    expect(buyerFeeCents(1_00)).toBe(500_00);
    expect(buyerFeeCents(1234_56)).toBe(500_00 + 62_00); // $61.728 -> $62
  });

  it('is whole dollars for every amount, and 5% within half a dollar', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000_00 }), (amount) => {
        const fee = buyerFeeCents(amount);
        expect(fee % 100).toBe(0);
        // Half up: 5% of the amount (amount / 20 cents) minus half a dollar < fee - $500 <= it plus half a dollar.
        const off = (fee - 500_00) * 20 - amount;
        expect(off).toBeGreaterThan(-50 * 20);
        expect(off).toBeLessThanOrEqual(50 * 20);
      }),
    );
  });

  it('refuses non-integer or negative cents', () => {
    expect(() => buyerFeeCents(1.5)).toThrow(RangeError);
    expect(() => buyerFeeCents(-1)).toThrow(RangeError);
  });

  it('is labelled with its numbers', () => {
    expect(BUYER_FEE_LABEL).toBe('Buyer fee ($500 + 5%)');
  });

  it('totals an invoice as the confirmation previews it', () => {
    expect(invoiceTotalCents(38_950_00, 2_448_00, null)).toBe(41_398_00);
    expect(invoiceTotalCents(38_950_00, 2_447_50, 520_00)).toBe(41_917_50);
  });
});

describe('dollar parsing and formatting', () => {
  it('parses dollars with up to two decimals into cents', () => {
    expect(parseDollarsToCents('48,500')).toBe(48_500_00);
    expect(parseDollarsToCents('$1234.5')).toBe(1234_50);
    expect(parseDollarsToCents(0.07)).toBe(7);
    expect(parseDollarsToCents('12.345')).toBeNull();
    expect(parseDollarsToCents('abc')).toBeNull();
    expect(parseDollarsToCents('-5')).toBeNull();
  });

  it('reads offer amounts as whole dollars, commas only in groups of three (decision 0010)', () => {
    expect(parseDollarAmount('48,500')).toBe(48_500_00);
    expect(parseDollarAmount('48500')).toBe(48_500_00);
    expect(parseDollarAmount('$48,500')).toBe(48_500_00);
    expect(parseDollarAmount(' $ 1,234,567 ')).toBe(1_234_567_00);
    expect(parseDollarAmount(48_500)).toBe(48_500_00);
    // The seen cases: never guessed into another amount.
    for (const bad of [
      '48,50',
      '1500,50',
      '1,0,0',
      '48500.00',
      '48.5',
      '-5',
      '',
      '$',
      'abc',
      '1,5000',
      ',500',
      '500,',
    ])
      expect(parseDollarAmount(bad), bad).toBeNull();
    expect(parseDollarAmount(48.5)).toBeNull();
    expect(parseDollarAmount(-5)).toBeNull();
    expect(parseDollarAmount('99999999999999999999')).toBeNull();
    expect(DOLLAR_AMOUNT_MESSAGE).toBe('Enter a whole dollar amount, like 48,500');
  });

  it('formats whole dollars for dealers and cents for admins', () => {
    expect(formatDollars(48_500_00)).toBe('$48,500');
    // Exact: an amount that carries cents shows them; estimates alone are rounded (decision 0069).
    expect(formatDollars(48_500_50)).toBe('$48,500.50');
    expect(formatDollars(41_917_50)).toBe('$41,917.50');
    expect(formatDollars(41_918_00)).toBe('$41,918');
    expect(formatDollars(-5)).toBe('-$0.05');
    expect(formatDollarsRounded(48_500_50)).toBe('$48,501');
    expect(formatDollarsCents(48_500_50)).toBe('$48,500.50');
    expect(formatHours(4250)).toBe('4,250 hrs');
    expect(plainAmount(41_917_50)).toBe('41917.50');
    expect(plainAmount(41_918_00)).toBe('41918.00');
    expect(plainAmount(5)).toBe('0.05');
    expect(plainAmount(1_234_567_89)).toBe('1234567.89');
  });
});
