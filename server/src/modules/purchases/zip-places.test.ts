import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { zipPlace } from './zip-places.js';

describe('zipPlace: US ZIP centroids read from the zipcodes data file', () => {
  it('finds a code with its city, state and centroid, as the package itself does', () => {
    const zipcodes = createRequire(import.meta.url)('zipcodes') as {
      lookup(zip: string): { city: string; state: string; latitude: number; longitude: number };
    };
    for (const zip of ['50010', '10001', '99501', '00601', '96813', '68503']) {
      const pkg = zipcodes.lookup(zip);
      expect(zipPlace(zip)).toEqual({
        zip,
        city: pkg.city,
        state: pkg.state,
        latitude: pkg.latitude,
        longitude: pkg.longitude,
      });
    }
    expect(zipPlace('50010')?.city).toBe('Ames');
  });

  it('reads every US code of the package (none lost where its file is read in slices)', () => {
    const { codes } = createRequire(import.meta.url)('zipcodes') as {
      codes: Record<string, { zip: string; country: string; city: string; latitude: number }>;
    };
    const us = Object.values(codes).filter((c) => c.country === 'US');
    expect(us.length).toBeGreaterThan(40_000);
    for (const c of us) {
      const place = zipPlace(c.zip);
      expect(place?.city).toBe(c.city);
      expect(place?.latitude).toBe(c.latitude);
    }
  });

  it('has nothing for a malformed or unknown code', () => {
    expect(zipPlace('5001')).toBeNull();
    expect(zipPlace('ABCDE')).toBeNull();
    expect(zipPlace('00000')).toBeNull();
    expect(zipPlace(null)).toBeNull();
  });
});
