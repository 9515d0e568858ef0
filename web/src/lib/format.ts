export { formatDollars, formatDollarsCents, formatHours } from '@domain/money';

const dateFmt = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });
const dateTimeFmt = new Intl.DateTimeFormat('en-US', {
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const longDateFmt = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** US formats (docs/product/listings.md#a-listing): 11/22/2026, 11/22/2026, 3:45 PM, November 22, 2026. */
export const formatDate = (iso: string | Date) => dateFmt.format(new Date(iso));
export const formatDateTime = (iso: string | Date) => dateTimeFmt.format(new Date(iso));
export const formatLongDate = (iso: string | Date) => longDateFmt.format(new Date(iso));

/** "1 tractor", "2 tractors", "1,250 tractors". */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
