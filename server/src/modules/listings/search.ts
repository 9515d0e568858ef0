import { type SQL, sql } from 'drizzle-orm';
import { gradeMinForConditions } from '../../../../domain/condition-grades.js';
import { type ListingFilters, SHORT_SEARCH_MAX, type Sort } from '../../../../domain/listing-search.js';
import type { ListingStatus } from '../../../../domain/listings.js';
import { AppError } from '../../lib/app-error.js';
import { outsideFirstLook } from './first-look.js';

/** Filters the inventory queries understand (the API's, prices in cents), plus the admin list's. */
export type SearchFilters = Omit<ListingFilters, 'sort'> & {
  status?: ListingStatus;
  /** Admin list: true shows only archived listings, false hides them (archived listings are never active). */
  archived?: boolean;
  /** Admin list: only dealers' listings waiting for review (dealer-selling.md#admin-review). */
  inReview?: boolean;
  /** Inventory: leave out listings under a running first look at this time (docs/product/want-lists.md#first-look). */
  firstLookAt?: Date;
};

/** LIKE pattern for a substring, with \ % _ escaped (backslash is the escape); the SQL lower-cases it. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** LIKE pattern for a prefix, with \ % _ escaped. */
export function prefixPattern(term: string): string {
  return `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Which listings a one- or two-letter term keeps: the start of the make or of the model (`either`, the search
 * itself), or one of the two disjoint halves the capped count adds up (countMatchesCappedSql): the make's, and the
 * model's whose make does not match.
 */
export type ShortTermPart = 'either' | 'make' | 'model-not-make';

/** True when a term is searched as the start of the make or model (docs/product/listings.md#search-and-filters). */
export const isShortTerm = (q: string | undefined): q is string => !!q && q.length <= SHORT_SEARCH_MAX;

/** Conditions over `tractor_listings l`; each one can use an index (trigram GIN, lower(make), status+column). */
export function filterConditions(f: SearchFilters, shortTerm: ShortTermPart = 'either'): SQL[] {
  const where: SQL[] = [];
  if (f.status) where.push(sql`l.status = ${f.status}`);
  if (f.archived !== undefined)
    where.push(f.archived ? sql`l.archived_at is not null` : sql`l.archived_at is null`);
  if (f.inReview) where.push(sql`l.review_status = 'in_review'`);
  if (f.firstLookAt) where.push(outsideFirstLook(f.firstLookAt));
  // search_text is already lower(...): LIKE against the pattern through the same lower() is case-insensitive, at
  // half ILIKE's cost per row (a broad term's exact count rechecks every matching row). Trigram index either way.
  // One or two letters: the start of the make or the model, by the two prefix indexes (a trigram index cannot serve
  // a term shorter than a trigram; docs/product/listings.md#search-and-filters).
  if (isShortTerm(f.q)) {
    const prefix = prefixPattern(f.q.toLowerCase());
    const make = sql`lower(l.make) like ${prefix}`;
    const model = sql`lower(l.model) like ${prefix}`;
    if (shortTerm === 'make') where.push(make);
    else if (shortTerm === 'model-not-make') where.push(sql`${model} and not ${make}`);
    else where.push(sql`(${make} or ${model})`);
  } else if (f.q) where.push(sql`l.search_text like lower(${likePattern(f.q)})`);
  if (f.brand && f.brand.toLowerCase() !== 'all') where.push(sql`lower(l.make) = ${f.brand.toLowerCase()}`);
  if (f.yearMin !== undefined) where.push(sql`l.year >= ${f.yearMin}`);
  if (f.yearMax !== undefined) where.push(sql`l.year <= ${f.yearMax}`);
  if (f.hoursMax !== undefined) where.push(sql`l.hours <= ${f.hoursMax}`);
  if (f.priceMin !== undefined) where.push(sql`l.price_cents >= ${f.priceMin}`);
  if (f.priceMax !== undefined) where.push(sql`l.price_cents <= ${f.priceMax}`);
  if (f.state) where.push(sql`l.location = ${f.state}`);
  // One condition scale: an old `condition` filter is a grade floor too (docs/decisions/0042-hours-corrected-at-inspection.md).
  const fromConditions = gradeMinForConditions(f.condition);
  const gradeMin = Math.max(f.gradeMin ?? 0, fromConditions ?? 0);
  if (gradeMin > 0) where.push(sql`l.grade_tenths >= ${Math.round(gradeMin * 10)}`);
  return where;
}

interface SortSpec {
  column: SQL;
  /** The sort value as exact text (timestamps keep their microseconds), for the cursor. */
  key: SQL;
  cast: SQL;
  desc: boolean;
}

const SORT_SPECS: Record<Sort, SortSpec> = {
  newest: { column: sql`l.created_at`, key: sql`l.created_at::text`, cast: sql`timestamptz`, desc: true },
  price_asc: { column: sql`l.price_cents`, key: sql`l.price_cents::text`, cast: sql`bigint`, desc: false },
  price_desc: { column: sql`l.price_cents`, key: sql`l.price_cents::text`, cast: sql`bigint`, desc: true },
  year_asc: { column: sql`l.year`, key: sql`l.year::text`, cast: sql`integer`, desc: false },
  year_desc: { column: sql`l.year`, key: sql`l.year::text`, cast: sql`integer`, desc: true },
  hours_asc: { column: sql`l.hours`, key: sql`l.hours::text`, cast: sql`integer`, desc: false },
  hours_desc: { column: sql`l.hours`, key: sql`l.hours::text`, cast: sql`integer`, desc: true },
  grade_desc: {
    column: sql`l.grade_tenths`,
    key: sql`l.grade_tenths::text`,
    cast: sql`smallint`,
    desc: true,
  },
};

export interface Cursor {
  sort: Sort;
  value: string;
  id: string;
}

/** Opaque to clients: base64url of the sort, the last row's sort value and id. */
export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.sort, c.value, c.id])).toString('base64url');
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function decodeCursor(raw: string, sort: Sort): Cursor {
  const invalid = () =>
    new AppError('VALIDATION', 'Invalid page cursor', { fields: { cursor: 'Invalid page cursor' } });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalid();
  const [s, value, id] = parsed;
  if (s !== sort || typeof value !== 'string' || typeof id !== 'string' || !UUID_RE.test(id)) throw invalid();
  if (sort === 'newest' ? Number.isNaN(Date.parse(value)) : !/^\d{1,15}$/.test(value)) throw invalid();
  return { sort, value, id };
}

/** Keyset order: the sort column then id, both in the sort's direction. */
export function orderBy(sort: Sort): SQL {
  const s = SORT_SPECS[sort];
  // The newest-first indexes are (created_at DESC NULLS LAST, id DESC NULLS LAST); a bare DESC means NULLS FIRST
  // and would not match them (the columns are NOT NULL, but the planner does not use that).
  if (sort === 'newest') return sql`l.created_at desc nulls last, l.id desc nulls last`;
  return s.desc ? sql`${s.column} desc, l.id desc` : sql`${s.column} asc, l.id asc`;
}

export function sortKey(sort: Sort): SQL {
  return SORT_SPECS[sort].key;
}

export function afterCursor(c: Cursor): SQL {
  const s = SORT_SPECS[c.sort];
  const value = sql`cast(${c.value} as ${s.cast})`;
  return s.desc
    ? sql`(${s.column}, l.id) < (${value}, ${c.id}::uuid)`
    : sql`(${s.column}, l.id) > (${value}, ${c.id}::uuid)`;
}

export function whereSql(parts: SQL[]): SQL {
  return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
}
