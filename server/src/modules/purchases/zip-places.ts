/// <reference path="./zipcodes.d.ts" />
import zipcodes from 'zipcodes';
import type { ZipPlace } from '../../../../domain/purchases.js';

/**
 * US ZIP code centroids from the `zipcodes` package (data shipped in the package, no network; BSD licence).
 * Server only: the web asks the API for estimates (docs/product/purchases.md#landed-cost).
 */
export function zipPlace(zip: string | null | undefined): ZipPlace | null {
  if (!zip || !/^\d{5}$/.test(zip)) return null;
  const z = zipcodes.lookup(zip);
  if (z?.country !== 'US') return null;
  return { zip: z.zip, city: z.city, state: z.state, latitude: z.latitude, longitude: z.longitude };
}
