import { describe, expect, it } from 'vitest';
import { longDateUtc, shortDateUtc } from './dates';

const long = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
const short = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

describe('dates written by hand', () => {
  it('say every day from 1970 to 2100 as Intl en-US does, in UTC', () => {
    // A day and a few hours apart, so each month, day and hour near midnight come round.
    for (let t = 0; t < Date.UTC(2100, 0, 1); t += 86_400_000 * 3 + 3_600_000 * 7) {
      const date = new Date(t);
      expect(longDateUtc(date)).toBe(long.format(date));
      expect(shortDateUtc(date)).toBe(short.format(date));
    }
  });

  it('say an invalid date as Intl does', () => {
    const bad = new Date('not a date');
    expect(longDateUtc(bad)).toBe(bad.toLocaleDateString('en-US', { timeZone: 'UTC' }));
    expect(shortDateUtc(bad)).toBe('Invalid Date');
  });
});
