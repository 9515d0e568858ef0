import { describe, expect, it } from 'vitest';
import { addBusinessDays } from './purchases';
import { federalHolidays, isBusinessDay } from './us-holidays';

// Observed federal holidays, checked by hand against the US Office of Personnel Management's published lists.
const OBSERVED: Record<number, string> = {
  2025: '01-01 01-20 02-17 05-26 06-19 07-04 09-01 10-13 11-11 11-27 12-25',
  2026: '01-01 01-19 02-16 05-25 06-19 07-03 09-07 10-12 11-11 11-26 12-25',
  2027: '01-01 01-18 02-15 05-31 06-18 07-05 09-06 10-11 11-11 11-25 12-24 12-31',
  2028: '01-17 02-21 05-29 06-19 07-04 09-04 10-09 11-10 11-23 12-25',
  2029: '01-01 01-15 02-19 05-28 06-19 07-04 09-03 10-08 11-12 11-22 12-25',
  2030: '01-01 01-21 02-18 05-27 06-19 07-04 09-02 10-14 11-11 11-28 12-25',
};

describe('US federal holidays', () => {
  it.each(Object.entries(OBSERVED))('are the observed days of %s', (year, days) => {
    const expected = days.split(' ').map((md) => `${year}-${md}`);
    expect([...federalHolidays(Number(year))].sort()).toEqual(expected);
  });

  it('are not business days, nor are weekends', () => {
    expect(isBusinessDay(new Date('2026-11-26T12:00:00Z'))).toBe(false); // Thanksgiving
    expect(isBusinessDay(new Date('2026-11-28T12:00:00Z'))).toBe(false); // Saturday
    expect(isBusinessDay(new Date('2026-11-27T12:00:00Z'))).toBe(true); // the Friday after
  });

  it('are skipped when counting a due date', () => {
    // Wednesday before Thanksgiving + 3 business days: Fri 27, Mon 30, Tue Dec 1.
    expect(addBusinessDays(new Date('2026-11-25T15:00:00Z'), 3)).toBe('2026-12-01');
    // Christmas Eve 2027 and New Year's Eve 2027 are observed holidays.
    expect(addBusinessDays(new Date('2027-12-23T15:00:00Z'), 1)).toBe('2027-12-27');
    expect(addBusinessDays(new Date('2027-12-30T15:00:00Z'), 1)).toBe('2028-01-03');
  });
});
