import { describe, expect, it } from 'vitest';
import { parseTimeZone } from './session-cookies';

describe('the reader’s time zone from its cookie', () => {
  it('takes a real IANA zone, as Intl spells it', () => {
    expect(parseTimeZone('America/Chicago')).toBe('America/Chicago');
    expect(parseTimeZone('UTC')).toBe('UTC');
    // An alias comes back as the name Intl knows it by, which formats the same.
    expect(parseTimeZone('America/Argentina/Buenos_Aires')).toMatch(/Buenos_Aires$/);
  });

  it('answers the same the second time, and a name spelled otherwise still as Intl spells it', () => {
    expect(parseTimeZone('America/Denver')).toBe('America/Denver');
    expect(parseTimeZone('America/Denver')).toBe('America/Denver');
    expect(parseTimeZone('america/denver')).toBe('America/Denver');
    expect(parseTimeZone('america/denver')).toBe('America/Denver');
    expect(parseTimeZone('Mars/Olympus_Mons')).toBeNull();
  });

  it('refuses anything else: missing, unknown, or not a zone name at all', () => {
    expect(parseTimeZone(undefined)).toBeNull();
    expect(parseTimeZone('')).toBeNull();
    expect(parseTimeZone('Mars/Olympus_Mons')).toBeNull();
    expect(parseTimeZone('America/Chicago"><script>')).toBeNull();
    expect(parseTimeZone('x'.repeat(65))).toBeNull();
  });
});
