export { formatDollars, formatDollarsCents, formatHours } from '@domain/money';

function formats(timeZone: string | undefined) {
  return {
    date: new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric', timeZone }),
    dateTime: new Intl.DateTimeFormat('en-US', {
      month: '2-digit',
      day: '2-digit',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
    }),
    longDate: new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone }),
  };
}
let fmt = formats(undefined);

/**
 * Dates show in the reader's time zone: the browser's own, and the one its page sent (its time zone cookie) while
 * the server renders a signed-in page, so both render the same text (decision 0058). Undefined: this machine's.
 */
export function setDisplayTimeZone(timeZone: string | undefined): void {
  fmt = formats(timeZone);
}

/** US formats (docs/product/listings.md#a-listing): 11/22/2026, 11/22/2026, 3:45 PM, November 22, 2026. */
export const formatDate = (iso: string | Date) => fmt.date.format(new Date(iso));
export const formatDateTime = (iso: string | Date) => fmt.dateTime.format(new Date(iso));
export const formatLongDate = (iso: string | Date) => fmt.longDate.format(new Date(iso));

/** "1 tractor", "2 tractors", "1,250 tractors". */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
