/**
 * FieldLot Value's shared shapes: what the estimator learns from and answers, the fitted model, and the features
 * read from a sale (docs/product/fieldlot-value.md#the-estimate-and-its-typical-range).
 */

/** A tractor as the estimator reads it, sold or to be valued. Missing facts are null ("not inspected": no grade). */
interface TractorFacts {
  make: string;
  family: string;
  model?: string | null;
  year: number | null;
  hours: number | null;
  grade: number | null;
  state: string | null;
  horsepower?: number | null;
  sizeClass?: string | null;
  drive?: string | null;
  cab?: string | null;
  transmission?: string | null;
  /** A front loader with the tractor; null or absent when not known. */
  loader?: boolean | null;
}

/** What the estimator learns from: a sale. */
export interface SaleFacts extends TractorFacts {
  soldOn: string; // YYYY-MM-DD
  priceCents: number;
}

/** What the estimator values: a tractor, optionally on a date (default: the model's reference year). */
export interface ValueQuery extends TractorFacts {
  on?: string; // YYYY-MM-DD
}

export type Confidence = 'High' | 'Medium' | 'Low';

/** One line of a value's breakdown: the base, then each adjustment, in cents; the lines add up to the value. */
export interface BreakdownLine {
  label: string;
  cents: number;
  /** What the line adjusts for ("age", "front loader", "state"); none on the base, the market level, the comparables. */
  factor?: Factor;
}

/** What a value can be adjusted for, in the order its breakdown and its sentence name them. */
export const FACTORS = [
  'age',
  'hours',
  'grade',
  'horsepower',
  'drive',
  'cab',
  'transmission',
  'front loader',
  'state',
] as const;
export type Factor = (typeof FACTORS)[number];

export interface ValueEstimate {
  valueCents: number;
  lowCents: number;
  highCents: number;
  /** Sales of the family (or of the make and size class when it falls back). */
  salesUsed: number;
  confidence: Confidence;
  /** 'family': from the family's own sales; 'make-size': too few, from the make's sales of its size class. */
  basis: 'family' | 'make-size';
  breakdown: BreakdownLine[];
  /** What it could not adjust for, e.g. "not adjusted for cab (too few sales)". */
  notes: string[];
  /** How many nearest comparable sales were blended in (0: none). */
  comparablesBlended: number;
}

/** Below this many sales of the family and of its make and size class, no estimate. */
export const MIN_FAMILY_SALES = 5;
export const NOT_ENOUGH_SALES = 'Not enough FieldLot sales to estimate';

// yearUnknown and hoursUnknown say a year or an hour meter is unknown: such sales sell differently (often older
// machines); ageSquared bends the age line (depreciation slows with age).
export const FEATURES = [
  'age',
  'hours',
  'grade',
  'horsepower',
  'yearUnknown',
  'hoursUnknown',
  'ageSquared',
] as const;
export type FeatureName = (typeof FEATURES)[number];
export const FEATURE_LABEL: Record<FeatureName, string> = {
  age: 'age',
  hours: 'hours',
  grade: 'grade',
  horsepower: 'horsepower',
  yearUnknown: 'year unknown',
  hoursUnknown: 'hours unknown',
  ageSquared: 'age',
};
export const OPTIONS = ['drive', 'cab', 'transmission', 'loader'] as const;
export type OptionName = (typeof OPTIONS)[number];
/** An option's name in notes ("not adjusted for front loader (too few sales)") and the breakdown. */
export const OPTION_LABEL: Record<OptionName, Factor> = {
  drive: 'drive',
  cab: 'cab',
  transmission: 'transmission',
  loader: 'front loader',
};
/** An option's value as the breakdown shows it ("Yes" or "No" for a loader); null when not known. */
export function optionText(s: SaleFacts | ValueQuery, o: OptionName): string | null {
  const v = s[o];
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  return v?.trim() || null;
}

export const familyKey = (make: string, family: string) => `${make.toLowerCase()}|${family.toLowerCase()}`;
/** A family's base model: its letters and first run of digits ("D6RXL" → d6, "416C" → 416, "PC120" → pc120). */
export const baseName = (family: string) => {
  const f = family.trim();
  return /^[a-z]*\d+/i.exec(f)?.[0] ?? f;
};
export const baseKey = (make: string, family: string) =>
  `${make.toLowerCase()}|${baseName(family).toLowerCase()}`;
export const norm = (s: string | null | undefined) => (s ? s.trim().toLowerCase() : '');
export const quarterOf = (date: string) =>
  Number(date.slice(0, 4)) * 4 + Math.floor((Number(date.slice(5, 7)) - 1) / 3);

export function featuresOf(s: ValueQuery | SaleFacts, saleYear: number): (number | null)[] {
  return [
    s.year == null ? null : Math.max(0, saleYear - s.year),
    s.hours == null ? null : s.hours / 1000,
    s.grade ?? null,
    s.horsepower && s.horsepower > 0 ? Math.log(s.horsepower) : null,
    s.year == null ? 1 : 0,
    s.hours == null ? 1 : 0,
    s.year == null ? null : Math.max(0, saleYear - s.year) ** 2 / 10,
  ];
}

export interface Row {
  sale: SaleFacts;
  fam: string;
  make: string;
  makeSize: string | null;
  base: string;
  y: number;
  x: (number | null)[];
  quarter: number;
  state: string;
  options: string[];
  modelKey: string;
  resid: number;
}

export interface Level {
  level: number; // at the group's mean features
  n: number;
  mean: number[]; // mean features (imputed from the parent where none known)
  sigma2: number;
}

/** The families of one base model (make and base, e.g. D6 for D6R, D6M and D6RXL), when it holds more than one. */
export interface BaseFit extends Level {
  makeSize: string | null;
}

export interface FamilyFit extends Level {
  makeSize: string | null;
  base: string;
  make: string;
  slopes: number[];
  optionMean: number[];
  rows: Row[];
}

export interface ValueModel {
  referenceYear: number;
  active: boolean[];
  notes: string[];
  marketSlopes: number[];
  makeSlopes: Map<string, number[]>;
  market: Level;
  makes: Map<string, Level>;
  makeSizes: Map<string, Level>;
  bases: Map<string, BaseFit>;
  /** A base model sold as a single family: base key → that family's key. */
  soleBaseFamily: Map<string, string>;
  families: Map<string, FamilyFit>;
  states: Map<string, number>;
  optionEffects: Map<string, number>[]; // per option, value → effect
  quarterIndex: Map<number, number>;
  /** Each make's own departure from the market's index, by `make|quarter`, pulled toward zero. */
  makeQuarterIndex: Map<string, number>;
  firstQuarter: number;
  lastQuarter: number;
  /** Leftover spread of sales whose year (or hour meter) is unknown, against the others': a factor on the spread. */
  unknownSpread: { year: number; hours: number };
  /** Mean square of the market index's quarterly steps: how far the market moves in a quarter. */
  quarterDrift2: number;
  /** Range multipliers on sigma (low negative, high positive) per confidence word. */
  calibration: Record<Confidence | 'New', { low: number; high: number }>;
}
