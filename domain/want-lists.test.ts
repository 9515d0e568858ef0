import { describe, expect, it } from 'vitest';
import {
  firstLookLeftText,
  inquiryNoticeText,
  matchesWantList,
  type WantCandidate,
  wantListFormSchema,
} from './want-lists.js';

const want = (o: Record<string, unknown>) => wantListFormSchema.parse({ make: 'John Deere', ...o });
const tractor: WantCandidate = {
  make: 'John Deere',
  model: '6145R',
  year: 2015,
  hours: 4100,
  state: 'IA',
  distanceMiles: 120,
};

describe('matchesWantList', () => {
  it('matches on make, model words, years, hours and distance', () => {
    const w = want({
      modelWords: '6145r',
      yearMin: 2012,
      yearMax: 2018,
      maxHours: 5000,
      maxDistanceMiles: 200,
    });
    expect(matchesWantList(w, tractor)).toBe(true);
    expect(matchesWantList(w, { ...tractor, make: 'Kubota' })).toBe(false);
    expect(matchesWantList(w, { ...tractor, model: '6155R' })).toBe(false);
    expect(matchesWantList(w, { ...tractor, year: 2011 })).toBe(false);
    expect(matchesWantList(w, { ...tractor, hours: 5001 })).toBe(false);
    expect(matchesWantList(w, { ...tractor, distanceMiles: 201 })).toBe(false);
    expect(matchesWantList(w, { ...tractor, distanceMiles: null })).toBe(false);
  });
  it('does not rule out a tractor for a fact the farmer left blank', () => {
    expect(
      matchesWantList(want({ yearMin: 2012, maxHours: 5000 }), { ...tractor, year: null, hours: null }),
    ).toBe(true);
  });
  it('admits by states or by distance when both are given', () => {
    const w = want({ maxDistanceMiles: 50, states: ['IA'] });
    expect(matchesWantList(w, tractor)).toBe(true);
    expect(matchesWantList(w, { ...tractor, state: 'NE' })).toBe(false);
    expect(matchesWantList(w, { ...tractor, state: 'NE', distanceMiles: 40 })).toBe(true);
  });
  it('leaves out listings priced above what the dealer would pay', () => {
    const w = want({ maxPriceCents: 100_000_00 });
    expect(matchesWantList(w, { ...tractor, priceCents: 100_000_00 })).toBe(true);
    expect(matchesWantList(w, { ...tractor, priceCents: 100_000_01 })).toBe(false);
  });
  it('refuses a year range that runs backwards', () => {
    expect(wantListFormSchema.safeParse({ make: 'Case', yearMin: 2020, yearMax: 2010 }).success).toBe(false);
  });
});

describe('inquiryNoticeText', () => {
  it('says the town and the tractor, in the issue words', () => {
    expect(
      inquiryNoticeText({ town: 'Ames, IA', make: 'John Deere', model: '6145R', year: 2015, hours: 4100 }),
    ).toBe('A farmer near Ames, IA has a 2015 John Deere 6145R, 4,100 h. Interested?');
  });
});

describe('firstLookLeftText', () => {
  const now = new Date('2026-12-06T12:00:00Z');
  const at = (hours: number) => new Date(now.getTime() + hours * 3600_000);
  it.each([
    [48, 'First look: 2 days left'],
    [47.9, 'First look: 2 days left'],
    [30, 'First look: 1 day left'],
    [24, 'First look: 1 day left'],
    [23.5, 'First look: 1 day left'],
    [23, 'First look: 23 hours left'],
    [5, 'First look: 5 hours left'],
    [4.2, 'First look: 5 hours left'],
    [1, 'First look: 1 hour left'],
    [0.5, 'First look: 30 minutes left'],
    [1 / 60, 'First look: 1 minute left'],
  ])('%s hours before the end: %j', (hours, text) => {
    expect(firstLookLeftText(at(hours), now)).toBe(text);
  });
  it('has no badge once the window has ended', () => {
    expect(firstLookLeftText(at(0), now)).toBeNull();
    expect(firstLookLeftText(at(-1), now)).toBeNull();
    expect(firstLookLeftText(at(2).toISOString(), now)).toBe('First look: 2 hours left');
  });
});
