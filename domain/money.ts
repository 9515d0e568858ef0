/** Money is integer cents everywhere; these helpers are the only conversions. */
import { formatCount, groupDigits, signOf } from './numbers';

export const BUYER_FEE_BASE_CENTS = 500_00;
export const BUYER_FEE_RATE_PERCENT = 5;

/**
 * Buyer fee (docs/product/offers.md#buyer-fee, decision 0069): $500 plus 5% of the amount, rounded to the whole
 * dollar (half up), so a whole-dollar price has a whole-dollar total: what the dealer is told to pay is what the
 * ledger takes as payment in full. Integer arithmetic: 5% of $38,950 is exactly $1,947.50, which becomes $1,948.
 */
export function buyerFeeCents(amountCents: number): number {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0)
    throw new RangeError('amountCents must be a non-negative integer');
  // amount x percent is in cents x 100; one dollar is 100 x 100 of those.
  const scaled = amountCents * BUYER_FEE_RATE_PERCENT;
  const rest = scaled % 100_00;
  const dollars = (scaled - rest) / 100_00 + (rest >= 50_00 ? 1 : 0);
  return BUYER_FEE_BASE_CENTS + dollars * 100;
}

/** The seller fee's default, $250 a sale (SELLER_FEE_CENTS configures it; the server passes its configuration). */
export const DEFAULT_SELLER_FEE_CENTS = 250_00;

/**
 * price - seller fee = what the seller of a dealer's listing receives (never below 0): the one function for the
 * seller's proceeds, in the ledger's payable, the offer e-mails and every preview (docs/product/purchases.md#paying-the-seller).
 */
export function sellerProceedsCents(priceCents: number, feeCents: number): number {
  return Math.max(0, priceCents - feeCents);
}

export function totalWithFeeCents(amountCents: number): number {
  return amountCents + buyerFeeCents(amountCents);
}

/** The invoice's total, as the invoice confirmation previews it and the ledger charges it. */
export function invoiceTotalCents(
  priceCents: number,
  feeCents: number,
  deliveryCents: number | null,
): number {
  return priceCents + feeCents + (deliveryCents ?? 0);
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

/**
 * Dealer screens, e-mails and PDFs: an exact amount, whole dollars when it is a whole-dollar amount ("$48,500"),
 * else with its cents ("$41,917.50"): an amount owed is never rounded (decision 0069). Written by hand, as Intl
 * would (decision 0061).
 */
export function formatDollars(cents: number): string {
  const c = Math.round(cents);
  return c % 100 === 0 ? formatDollarsRounded(c) : formatDollarsCents(c);
}

/**
 * Estimates and statistics only (FieldLot Value, market medians, chart axes): the nearest whole dollar. Never for
 * an amount owed, paid or charged (decision 0069).
 */
export function formatDollarsRounded(cents: number): string {
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

/** Spreadsheets and exports: a plain number of dollars with its cents, no "$" and no separators ("41917.50"). */
export function plainAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError('cents must be a safe integer');
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The currency every amount is in, named where amounts are plain numbers (the money CSV). */
export const CURRENCY = 'USD';

export function formatHours(hours: number): string {
  return `${formatCount(hours)} hrs`;
}

/** The fee's name wherever an amount is broken down ("Buyer fee ($500 + 5%)"), built from the fee's numbers. */
export const BUYER_FEE_LABEL = `Buyer fee (${formatDollars(BUYER_FEE_BASE_CENTS)} + ${BUYER_FEE_RATE_PERCENT}%)`;
