/**
 * One meaning of a place (docs/decisions/0072-one-meaning-of-a-place.md): what US state and ZIP a free-text
 * location names. Listings, inquiries and yards are typed by people: "Ames, IA", "Iowa", "IA 50010",
 * "ames, ia 50010", "Ames, Iowa 50010-1234". Want-lists, FieldLot Value, delivery and the inventory's state filter
 * all read them here, so a tractor is in the same state for each of them.
 */
import { US_STATES } from './listings.js';

const BY_CODE = new Map(US_STATES.map(([code]) => [code.toLowerCase(), code]));
const BY_NAME = new Map(US_STATES.map(([code, name]) => [name.toLowerCase(), code]));
const ZIP = /\b(\d{5})(?:-\d{4})?\b/;

/** The state's full name from its code ("IA" → "Iowa"), undefined when not a state. */
export function stateName(code: string | null | undefined): string | undefined {
  return code ? US_STATES.find(([c]) => c === code.toUpperCase())?.[1] : undefined;
}

/**
 * The state a whole text names, as its code or its full name in any case ("IA", "ia", "Iowa", "IOWA" → "IA"); null
 * for anything else ("Ames, IA" is a place, not a state: `stateCode` reads it). The inventory's state filter.
 */
export function stateNamed(text: string | null | undefined): string | null {
  const key = (text ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  return BY_CODE.get(key) ?? BY_NAME.get(key) ?? null;
}

/** The five-digit ZIP a location names ("Ames, IA 50010-1234" → "50010"), null when none. */
export function zipIn(location: string | null | undefined): string | null {
  return location ? (ZIP.exec(location)?.[1] ?? null) : null;
}

/** The location's words once the ZIP is taken out, split at commas: ["Ames", "IA"]. */
function partsOf(location: string): string[] {
  return location
    .replace(ZIP, ' ')
    .split(',')
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** The state a part names, as its whole text or its last word(s): "Iowa", "ia", "Ames IA", "Sioux Falls South Dakota". */
function stateOfPart(part: string): string | null {
  const text = part.toLowerCase().replace(/\.$/, '');
  const whole = BY_CODE.get(text) ?? BY_NAME.get(text);
  if (whole) return whole;
  const words = text.split(' ');
  // Two-word names first ("West Virginia" is not "Virginia"), then one word (a name or a code).
  for (const n of [2, 1]) {
    if (words.length <= n) continue;
    const tail = words.slice(-n).join(' ');
    const code = BY_NAME.get(tail) ?? (n === 1 ? BY_CODE.get(tail) : undefined);
    if (code) return code;
  }
  return null;
}

/**
 * "IA" from "Ames, IA", "Iowa", "IA 50010", "ames, ia 50010", "Ames, Iowa" or "IA"; null when no state is named.
 * The state is the last comma part (or its last words); a place with no commas is read as a whole first.
 */
export function stateCode(location: string | null | undefined): string | null {
  if (!location) return null;
  const parts = partsOf(location);
  const last = parts.at(-1);
  return last ? stateOfPart(last) : null;
}

/**
 * What a typed location says: its ZIP, its state's code, the city before the state ("Ames") and the town shown
 * ("Ames, IA", or the state's name).
 */
export function placeOf(location: string | null | undefined): {
  zip: string | null;
  state: string | null;
  city: string | null;
  town: string | null;
} {
  const text = (location ?? '').trim();
  if (!text) return { zip: null, state: null, city: null, town: null };
  const zip = zipIn(text);
  const parts = partsOf(text);
  const state = stateCode(text);
  const city = (state && parts.length >= 2 ? parts.at(-2) : null) ?? null;
  const town = state ? (city ? `${city}, ${state}` : (stateName(state) ?? state)) : null;
  return { zip, state, city, town };
}
