/** Money is integer cents everywhere; these helpers are the only conversions. */

export const BUYER_FEE_BASE_CENTS = 500_00;
export const BUYER_FEE_RATE_PERCENT = 5;

/** Buyer fee of SPEC.md section 9: $500 plus 5% of the amount, rounded to the cent (half up). */
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

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});
const withCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
});

/** Dealer screens: whole dollars ("$48,500"). */
export function formatDollars(cents: number): string {
  return wholeDollars.format(Math.round(cents / 100));
}

/** Admin screens: dollars and cents ("$48,500.00"). */
export function formatDollarsCents(cents: number): string {
  return withCents.format(cents / 100);
}

export function formatHours(hours: number): string {
  return `${new Intl.NumberFormat('en-US').format(hours)} hrs`;
}
