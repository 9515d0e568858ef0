import { describe, expect, it } from 'vitest';
import {
  BUYER_FEE_LABEL,
  buyerFeeCents,
  DOLLAR_AMOUNT_MESSAGE,
  formatDollars,
  formatDollarsCents,
  formatHours,
  parseDollarAmount,
  parseDollarsToCents,
  totalWithFeeCents,
} from './money';

describe('buyer fee: $500 + 5% of the amount, in cents (offers.md#buyer-fee)', () => {
  it('adds $500 and 5 percent', () => {
    expect(buyerFeeCents(48_500_00)).toBe(500_00 + 2_425_00);
    expect(buyerFeeCents(0)).toBe(500_00);
    expect(buyerFeeCents(1_00)).toBe(500_05);
    expect(totalWithFeeCents(48_500_00)).toBe(48_500_00 + 2_925_00);
  });

  it('rounds half a cent up and never uses floats for the result', () => {
    expect(buyerFeeCents(10)).toBe(500_01); // 0.5 cent rounds up
    expect(buyerFeeCents(9)).toBe(500_00); // 0.45 cent rounds down
    expect(buyerFeeCents(1234_56)).toBe(500_00 + 61_73); // 61.728 -> 61.73
    expect(Number.isInteger(buyerFeeCents(99_999_99))).toBe(true);
  });

  it('refuses non-integer or negative cents', () => {
    expect(() => buyerFeeCents(1.5)).toThrow(RangeError);
    expect(() => buyerFeeCents(-1)).toThrow(RangeError);
  });

  it('is labelled with its numbers', () => {
    expect(BUYER_FEE_LABEL).toBe('Buyer fee ($500 + 5%)');
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
    expect(formatDollars(48_500_50)).toBe('$48,501');
    expect(formatDollarsCents(48_500_50)).toBe('$48,500.50');
    expect(formatHours(4250)).toBe('4,250 hrs');
  });
});
