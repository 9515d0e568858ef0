/**
 * Dates in words, written by hand in the en-US forms Intl gives (dates.test.ts holds them to it): a screen that
 * shows one makes no Intl object while it starts, which costs a phone 100-200 ms (decision 0061).
 */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "December 3, 2026": the date's day in UTC. */
export function longDateUtc(date: Date): string {
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  return `${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "Dec 3": the date's day in UTC, its month short. */
export function shortDateUtc(date: Date): string {
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  return `${MONTH_NAMES[date.getUTCMonth()].slice(0, 3)} ${date.getUTCDate()}`;
}
