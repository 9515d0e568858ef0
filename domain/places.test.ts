import { describe, expect, it } from 'vitest';
import { placeOf, stateCode, stateName, stateNamed, zipIn } from './places';

describe('stateCode: every way a location is typed names one state', () => {
  // The spellings in the data: listings ("Iowa", "Ames, IA"), inquiries ("IA 50010", "Ames, IA 50010"), yards.
  const cases: [string | null | undefined, string | null][] = [
    ['Ames, IA', 'IA'],
    ['Iowa', 'IA'],
    ['IA 50010', 'IA'],
    ['ames, ia 50010', 'IA'],
    ['Ames, Iowa', 'IA'],
    ['Ames, Iowa 50010-1234', 'IA'],
    ['Ames IA', 'IA'],
    ['  iowa  ', 'IA'],
    ['IA', 'IA'],
    ['ia', 'IA'],
    ['Kentucky', 'KY'],
    ['Nebraska', 'NE'],
    ['Wisconsin', 'WI'],
    ['Georgia', 'GA'],
    ['North Dakota', 'ND'],
    ['Fargo, North Dakota', 'ND'],
    ['Kansas', 'KS'],
    ['Ohio', 'OH'],
    ['Illinois', 'IL'],
    ['Minnesota', 'MN'],
    ['Charleston, West Virginia', 'WV'],
    ['Richmond, Virginia', 'VA'],
    ['Sioux Falls, SD 57104', 'SD'],
    ['Lincoln, Nebraska 68508', 'NE'],
    ['Ames, IA.', 'IA'],
    ['50010', null],
    ['Ames', null],
    ['', null],
    [null, null],
    [undefined, null],
  ];
  it.each(cases)('%j → %j', (location, code) => {
    expect(stateCode(location)).toBe(code);
  });
});

describe('zipIn and placeOf', () => {
  it.each([
    ['IA 50010', '50010'],
    ['Ames, IA 50010-1234', '50010'],
    ['Ames, IA', null],
    ['50010', '50010'],
    ['123456', null],
  ])('%j has the ZIP %j', (location, zip) => {
    expect(zipIn(location)).toBe(zip);
  });

  it('reads the town, the state and the ZIP', () => {
    expect(placeOf('ames, ia 50010')).toEqual({ zip: '50010', state: 'IA', city: 'ames', town: 'ames, IA' });
    expect(placeOf('Iowa')).toEqual({ zip: null, state: 'IA', city: null, town: 'Iowa' });
    expect(placeOf('50010')).toEqual({ zip: '50010', state: null, city: null, town: null });
    expect(placeOf('Ames, Somewhere')).toEqual({ zip: null, state: null, city: null, town: null });
    expect(placeOf('')).toEqual({ zip: null, state: null, city: null, town: null });
  });

  it('names a state from its code', () => {
    expect(stateName('IA')).toBe('Iowa');
    expect(stateName('ia')).toBe('Iowa');
    expect(stateName('XX')).toBeUndefined();
  });

  it('reads a whole text naming a state, by code or full name in any case, and nothing else', () => {
    expect(stateNamed('IA')).toBe('IA');
    expect(stateNamed('ia')).toBe('IA');
    expect(stateNamed('  Iowa ')).toBe('IA');
    expect(stateNamed('IOWA')).toBe('IA');
    expect(stateNamed('north  dakota')).toBe('ND');
    expect(stateNamed('Ames, IA')).toBeNull();
    expect(stateNamed('Atlantis')).toBeNull();
    expect(stateNamed('')).toBeNull();
    expect(stateNamed(undefined)).toBeNull();
  });
});
