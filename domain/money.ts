/** Money is integer cents everywhere; these helpers are the only conversions. */
import { formatCount, groupDigits, signOf } from './numbers';

export const BUYER_FEE_BASE_CENTS = 500_00;
export const BUYER_FEE_RATE_PERCENT = 5;

/** Buyer fee (docs/product/offers.md#buyer-fee): $500 plus 5% of the amount, rounded to the cent (half up). */
export function buyerFeeCents(amountCents: number): number {
  if (!Number.isInteger(amountCents) || amountCents < 0)
    throw new RangeError('amountCents must be a non-negative integer');
  return BUYER_FEE_BASE_CENTS + Math.round((amountCents * BUYER_FEE_RATE_PERCENT) / 100);
}

export function totalWithFeeCents(amountCents: number): number {
  return amountCents + buyerFeeCents(amountCents);
}

/** Parses "48,500.25" or "48500" into cents; null when it is not a non-negative amount with at most 2 decimals. */
export function parseDollarsToCents(input: string | number): number | null {
  const text = String(input)
    .trim()
    .replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole, frac = ''] = text.split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** The one message for an amount that is not a whole dollar amount (server field error and dialogs). */
export const DOLLAR_AMOUNT_MESSAGE = 'Enter a whole dollar amount, like 48,500';

/**
 * Offer and counter amounts: digits, or digits with commas in groups of three ("48,500"), optionally with a
 * leading "$". Anything else ("48,50", "1500,50", "1,0,0", "48500.00", "-5") is null: a comma is never
 * guessed to be a decimal point. Returns cents. A JSON number must be a whole, non-negative number.
 */
export function parseDollarAmount(input: string | number): number | null {
  if (typeof input === 'number')
    return Number.isSafeInteger(input) && input >= 0 && Number.isSafeInteger(input * 100)
      ? input * 100
      : null;
  const text = input.trim().replace(/^\$\s*/, '');
  if (!/^(\d+|\d{1,3}(,\d{3})+)$/.test(text)) return null;
  const digits = text.replace(/,/g, '');
  // More than 13 digits is beyond any cap; it would also lose precision as a number.
  if (digits.replace(/^0+/, '').length > 13) return null;
  return Number(digits) * 100;
}

/** Intl for what the hand-written formats below do not cover (not a safe integer); made on first use. */
let currencyFormats: { whole: Intl.NumberFormat; cents: Intl.NumberFormat } | undefined;
const currency = () =>
  (currencyFormats ??= {
    whole: new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    }),
    cents: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }),
  });

/** Dealer screens: whole dollars ("$48,500"). Written by hand, as Intl would (decision 0061). */
export function formatDollars(cents: number): string {
  const dollars = Math.round(cents / 100);
  if (!Number.isSafeInteger(dollars)) return currency().whole.format(dollars);
  return `${signOf(dollars)}$${groupDigits(String(Math.abs(dollars)))}`;
}

/** Admin screens: dollars and cents ("$48,500.00"). */
export function formatDollarsCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) return currency().cents.format(cents / 100);
  const abs = Math.abs(cents);
  const whole = groupDigits(String(Math.floor(abs / 100)));
  return `${signOf(cents)}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

export function formatHours(hours: number): string {
  return `${formatCount(hours)} hrs`;
}

/** The fee's name wherever an amount is broken down ("Buyer fee ($500 + 5%)"), built from the fee's numbers. */
export const BUYER_FEE_LABEL = `Buyer fee (${formatDollars(BUYER_FEE_BASE_CENTS)} + ${BUYER_FEE_RATE_PERCENT}%)`;
