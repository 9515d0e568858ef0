import { afterEach, describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDay,
  formatLongDate,
  localDateInput,
  zoneOffsetAt,
} from './format';
import { readRenderScopeWith } from './render-scope';

// The hand-written formats must read exactly as Intl's en-US formats did (decision 0061): the server renders with
// a zone and the browser hydrates with its own clock fields, and any difference would redraw the page.
const intl = (timeZone: string) => ({
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
});

// Midnight, noon, the minutes around them, a DST change in both directions, leap day, year ends, and a spread.
const instants = [
  '2026-11-22T21:45:00Z',
  '2026-01-01T00:00:00Z',
  '2025-12-31T23:59:59Z',
  '2026-03-08T07:59:00Z',
  '2026-03-08T08:01:00Z',
  '2026-11-01T06:30:00Z',
  '2028-02-29T12:00:00Z',
  '2026-06-15T12:00:00Z',
  '2026-06-15T00:05:00Z',
  ...Array.from({ length: 200 }, (_, i) => new Date(Date.UTC(2024, 0, 1) + i * 7_654_321_987).toISOString()),
];
// The test runner's process (web code is typed without Node's types): its TZ is the zone the clock's fields read.
const { env } = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process;
const ZONES = ['UTC', 'America/Chicago', 'America/Los_Angeles', 'America/New_York', 'Pacific/Honolulu'];

/** Moves the clock to `zone`, as a browser there reads it; only the main thread of a process can. */
function useClockZone(zone: string) {
  env.TZ = zone;
  const january = Date.UTC(2026, 0, 15);
  expect(
    new Date(january).getTimezoneOffset(),
    'process.env.TZ did not move the clock: run this file in a fork, not a worker thread (vitest.quick.config.ts)',
  ).toBe(zoneOffsetAt(zone, january));
}

/** As the server renders a page for a reader in `zone` (lib/render-scope.ts). */
function renderingFor(zone: string) {
  readRenderScopeWith(() => ({ timeZone: zone, renderedAt: Date.now() }));
}

/** Every instant in each format reads as Intl writes it in `zone`. */
function expectIntlTexts(zone: string) {
  const f = intl(zone);
  for (const at of instants) {
    expect(formatDate(at), at).toBe(f.date.format(new Date(at)));
    expect(formatDateTime(at), at).toBe(f.dateTime.format(new Date(at)));
    expect(formatLongDate(at), at).toBe(f.longDate.format(new Date(at)));
  }
}

describe('dates in US formats, written by hand', () => {
  const savedTz = env.TZ;
  afterEach(() => {
    readRenderScopeWith(() => undefined);
    env.TZ = savedTz;
  });

  it.each(ZONES)('read as Intl reads them in %s, rendering for that zone', (zone) => {
    renderingFor(zone);
    expectIntlTexts(zone);
  });

  it.each(ZONES)('read the same from the clock’s own fields, as a browser in %s does', (zone) => {
    useClockZone(zone);
    expectIntlTexts(zone);
  });

  it.each(ZONES)('give the UTC offset of %s at an instant as a browser in that zone reads it', (zone) => {
    useClockZone(zone);
    for (const at of instants) {
      const ms = new Date(at).getTime() + 789;
      expect(zoneOffsetAt(zone, ms), at).toBe(new Date(ms).getTimezoneOffset());
    }
  });

  it('refuses a date that is not one, as Intl does', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });
});

describe('a date field’s value for today', () => {
  const savedTz = env.TZ;
  afterEach(() => {
    readRenderScopeWith(() => undefined);
    env.TZ = savedTz;
  });

  // 8 PM in Chicago on December 5 is already December 6 in UTC; 1 AM in UTC is still the 5th in Honolulu.
  it.each([
    ['America/Chicago', '2026-12-06T02:00:00Z', '2026-12-05'],
    ['America/Los_Angeles', '2026-12-06T07:30:00Z', '2026-12-05'],
    ['America/New_York', '2026-12-06T04:59:00Z', '2026-12-05'],
    ['America/New_York', '2026-12-06T05:00:00Z', '2026-12-06'],
    ['Pacific/Honolulu', '2027-01-01T01:00:00Z', '2026-12-31'],
    ['UTC', '2026-12-06T02:00:00Z', '2026-12-06'],
  ])('is the local day in %s at %s', (zone, at, day) => {
    useClockZone(zone);
    expect(localDateInput(new Date(at))).toBe(day);
  });

  it('reads the zone the server renders for, as the browser there would', () => {
    renderingFor('America/Chicago');
    expect(localDateInput(new Date('2026-12-06T02:00:00Z'))).toBe('2026-12-05');
  });
});

describe('a calendar day', () => {
  const savedTz = env.TZ;
  afterEach(() => {
    env.TZ = savedTz;
  });

  it.each(ZONES)('reads as formatDate writes that day, the same in %s', (zone) => {
    useClockZone(zone);
    expect(formatDay('2026-12-05')).toBe('12/05/2026');
    expect(formatDay('2026-12-05')).toBe(formatDate(new Date(2026, 11, 5, 12)));
    expect(formatDay('2027-01-01T00:00:00.000Z')).toBe('01/01/2027');
  });
});
