import { closeSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { StringDecoder } from 'node:string_decoder';
import { zipIn } from '../../../../domain/places.js';
import type { ZipPlace } from '../../../../domain/purchases.js';

/**
 * US ZIP code centroids from the `zipcodes` package's data file (shipped in the package, no network; BSD licence).
 * Server only: the web asks the API for estimates (docs/product/purchases.md#landed-cost).
 *
 * The package itself builds a 5 MB object literal of every North American code on import, about 90 MB of
 * memory for the life of the process (decision 0023). Only a delivery quote needs it, so the table is read on
 * first use, in slices, keeping one short string per US code (about 5 MB).
 */
let table: Map<string, string> | null = null;

// One entry of lib/codes.js: {"zip":"50010","latitude":42.0379,"longitude":-93.6003,"city":"Ames","state":"IA","country":"US"}
const ENTRY =
  /"zip":"(\d{5})","latitude":(-?[\d.]+),"longitude":(-?[\d.]+),"city":"((?:[^"\\]|\\.)*)","state":"([A-Z]{2})","country":"US"\}/g;

function load(): Map<string, string> {
  const file = createRequire(import.meta.url).resolve('zipcodes/lib/codes.js');
  const places = new Map<string, string>();
  const fd = openSync(file, 'r');
  try {
    const chunk = Buffer.alloc(256 * 1024);
    const utf8 = new StringDecoder('utf8');
    let carry = '';
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      const text = carry + utf8.write(chunk.subarray(0, n));
      let end = 0;
      for (const m of text.matchAll(ENTRY)) {
        places.set(m[1], `${m[4]}|${m[5]}|${m[2]}|${m[3]}`);
        end = m.index + m[0].length;
      }
      // An entry cut by the slice boundary is completed by the next slice.
      carry = text.slice(Math.max(end, text.length - 200));
    }
  } finally {
    closeSync(fd);
  }
  return places;
}

export function zipPlace(zip: string | null | undefined): ZipPlace | null {
  // "50010-1234" or "IA 50010" reads as 50010: one ZIP reading (domain/places.ts).
  const five = zipIn(zip);
  if (!five) return null;
  table ??= load();
  const hit = table.get(five);
  if (!hit) return null;
  const [city, state, latitude, longitude] = hit.split('|');
  return { zip: five, city, state, latitude: Number(latitude), longitude: Number(longitude) };
}
