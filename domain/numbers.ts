/**
 * Whole numbers with US digit grouping ("1,250"), by hand rather than through Intl: the first Intl object a page
 * makes costs a phone's browser 100-200 ms of script time (its locale data), spent while the page is not yet
 * answering taps, and dealer screens need nothing else from it (decision 0061). The output is Intl's en-US output
 * (numbers.test.ts compares them); anything but a safe integer is handed to Intl.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  return signOf(n) + groupDigits(String(Math.abs(n)));
}

/** "-" for negative numbers, negative zero included, as Intl writes them. */
export const signOf = (n: number) => (n < 0 || Object.is(n, -0) ? '-' : '');

/** "1234567" → "1,234,567". */
export function groupDigits(digits: string): string {
  let out = '';
  for (let end = digits.length; end > 0; end -= 3)
    out = (end > 3 ? ',' : '') + digits.slice(Math.max(0, end - 3), end) + out;
  return out;
}
