/**
 * US federal holidays as observed by banks and offices (docs/product/purchases.md#due-dates): a holiday on a
 * Saturday is observed on the Friday before, on a Sunday on the Monday after (New Year's Day on a Saturday is
 * observed on December 31 of the year before). Dates are YYYY-MM-DD in UTC.
 */

const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);

/** The `n`th `weekday` (0 Sunday .. 6 Saturday) of a month; n = -1 for the last one. */
function nthWeekday(y: number, m: number, weekday: number, n: number): string {
  if (n > 0) {
    const first = new Date(Date.UTC(y, m - 1, 1)).getUTCDay();
    return iso(y, m, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7);
  }
  const lastDay = new Date(Date.UTC(y, m, 0));
  return iso(y, m, lastDay.getUTCDate() - ((lastDay.getUTCDay() - weekday + 7) % 7));
}

function observed(y: number, m: number, d: number): string {
  const wd = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return iso(y, m, d + (wd === 6 ? -1 : wd === 0 ? 1 : 0));
}

const cache = new Map<number, ReadonlySet<string>>();

/** The observed federal holidays that fall in calendar year `y`. */
export function federalHolidays(y: number): ReadonlySet<string> {
  let days = cache.get(y);
  if (!days) {
    days = new Set(
      [
        observed(y, 1, 1), // New Year's Day
        nthWeekday(y, 1, 1, 3), // Birthday of Martin Luther King, Jr.
        nthWeekday(y, 2, 1, 3), // Washington's Birthday
        nthWeekday(y, 5, 1, -1), // Memorial Day
        observed(y, 6, 19), // Juneteenth
        observed(y, 7, 4), // Independence Day
        nthWeekday(y, 9, 1, 1), // Labor Day
        nthWeekday(y, 10, 1, 2), // Columbus Day
        observed(y, 11, 11), // Veterans Day
        nthWeekday(y, 11, 4, 4), // Thanksgiving Day
        observed(y, 12, 25), // Christmas Day
        observed(y + 1, 1, 1), // next New Year's Day, when observed on December 31
      ].filter((day) => day.startsWith(`${y}-`)),
    );
    cache.set(y, days);
  }
  return days;
}

/** Monday to Friday and not an observed federal holiday. */
export function isBusinessDay(day: Date): boolean {
  const wd = day.getUTCDay();
  if (wd === 0 || wd === 6) return false;
  return !federalHolidays(day.getUTCFullYear()).has(day.toISOString().slice(0, 10));
}
