export { formatDollars, formatDollarsCents, formatHours } from '@domain/money';

import { MONTH_NAMES } from '@domain/dates';
import { formatCount } from '@domain/numbers';
import { renderScope } from './render-scope';

const MONTHS = MONTH_NAMES;

interface DateParts {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  /** 0-23 */
  hour: number;
  minute: number;
}

/**
 * The parts of an instant in the reader's zone. In the browser (no zone set) from the Date's own local fields: the
 * first Intl object a page makes costs a phone 100-200 ms of script time before it answers a tap (decision 0061).
 * On the server, rendering for a reader's zone (its render scope, lib/render-scope.ts), from Intl. Both then go
 * through the same hand-written formats.
 */
function partsOf(iso: string | Date): DateParts {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) throw new RangeError('Invalid time value');
  const timeZone = renderScope()?.timeZone;
  if (timeZone) return partsIn(timeZone)(d);
  return {
    year: d.getFullYear(),
    month: d.getMonth() + 1,
    day: d.getDate(),
    hour: d.getHours(),
    minute: d.getMinutes(),
  };
}

type PartsIn = (d: Date) => DateParts & { second: number };
// One formatter per zone, built once: the server renders each signed-in page in its reader's zone, and building an
// Intl formatter costs more than the page's dates do. Bounded by the zones there are.
const partsInZone = new Map<string, PartsIn>();

function partsIn(timeZone: string): PartsIn {
  const known = partsInZone.get(timeZone);
  if (known) return known;
  const parts = newPartsIn(timeZone);
  partsInZone.set(timeZone, parts);
  return parts;
}

function newPartsIn(timeZone: string): PartsIn {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
  return (d) => {
    const p: Record<string, number> = {};
    for (const { type, value } of format.formatToParts(d)) p[type] = Number(value);
    return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second };
  };
}

/** A zone's UTC offset at an instant, in minutes, signed as `Date#getTimezoneOffset` (Chicago in winter: 360). */
export function zoneOffsetAt(timeZone: string, at: number): number {
  const p = partsIn(timeZone)(new Date(at));
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((Math.floor(at / 1000) * 1000 - asUtc) / 60_000);
}

const two = (n: number) => String(n).padStart(2, '0');
const shortDate = (p: DateParts) => `${two(p.month)}/${two(p.day)}/${p.year}`;

/** US formats (docs/product/listings.md#a-listing): 11/22/2026, 11/22/2026, 3:45 PM, November 22, 2026. */
export const formatDate = (iso: string | Date) => shortDate(partsOf(iso));
export function formatDateTime(iso: string | Date): string {
  const p = partsOf(iso);
  return `${shortDate(p)}, ${p.hour % 12 || 12}:${two(p.minute)} ${p.hour < 12 ? 'AM' : 'PM'}`;
}
export function formatLongDate(iso: string | Date): string {
  const p = partsOf(iso);
  return `${MONTHS[p.month - 1]} ${p.day}, ${p.year}`;
}

/**
 * A calendar day ("2026-12-05", a sale's or a payment's day, no time and no zone) in formatDate's style: 12/05/2026,
 * the same in every zone.
 */
export function formatDay(day: string): string {
  const [year, month, date] = day.slice(0, 10).split('-');
  return `${month}/${date}/${year}`;
}

/**
 * A date field's value for the reader's day at `now` ("2026-12-05"): the local date, never the UTC one, so an
 * evening entry in the US is dated today, not tomorrow (docs/product/admin.md#dates).
 */
export function localDateInput(now: Date): string {
  const p = partsOf(now);
  return `${p.year}-${two(p.month)}-${two(p.day)}`;
}

/** "1 tractor", "2 tractors", "1,250 tractors". */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;
