/**
 * Real sale records read from a CSV file (docs/product/sale-imports.md#the-file): the auction results and other
 * recorded sales that FieldLot Value learns from beside FieldLot's own. Pure: the CLI, the admin's preview and the
 * bench all read a file through `parseSaleCsv`, so a row is good or bad for the same reason everywhere.
 */
import { formatCount } from './numbers.js';
import { stateCode, stateName } from './places.js';

/**
 * Where a recorded sale comes from (decision 0079): FieldLot's own completed purchases, demo seeding, or an
 * imported file. A closed list, so every sale's origin has a name to show ("Auction · Iowa · Mar 2025") and a new
 * kind of record is a decision, not a typo on the command line.
 */
export const IMPORT_SOURCES = ['auction', 'dealer'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];
export type MarketSaleSource = 'fieldlot' | 'demo' | ImportSource;
/** An imported record, not one of FieldLot's own sales (demo sales stand in for FieldLot's own). */
export const isImportedSale = (sale: { source: MarketSaleSource }) =>
  (IMPORT_SOURCES as readonly MarketSaleSource[]).includes(sale.source);
export const SALE_SOURCE_NAMES: Record<MarketSaleSource, string> = {
  fieldlot: 'FieldLot',
  demo: 'FieldLot',
  auction: 'Auction',
  dealer: 'Dealer sale',
};

/**
 * Where a comparable was sold, never by whom: "Auction · Iowa · Mar 2025", "FieldLot · IA · Jan 2026"
 * (docs/product/sale-imports.md#how-imported-sales-are-shown). The state is named in full where places.ts knows it.
 */
export function saleOriginLine(sale: {
  source: MarketSaleSource;
  state: string | null;
  soldOn: string;
}): string {
  const month = Number(sale.soldOn.slice(5, 7));
  const when = `${MONTH_SHORT[month - 1] ?? ''} ${sale.soldOn.slice(0, 4)}`.trim();
  const where = sale.state
    ? (stateName(sale.state) ?? (sale.state === 'DC' ? 'Washington DC' : sale.state))
    : null;
  return [SALE_SOURCE_NAMES[sale.source], where, when].filter(Boolean).join(' · ');
}
const MONTH_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export type SaleRecord = {
  sourceId: string;
  /** YYYY-MM-DD */
  soldOn: string;
  make: string;
  model: string;
  year: number | null;
  hours: number | null;
  /** Two-letter code (domain/places.ts), "DC" for the District of Columbia; null when the file gives none. */
  state: string | null;
  priceCents: number;
  horsepower: number | null;
  sizeClass: string | null;
  drive: string | null;
  cab: string | null;
  transmission: string | null;
  /** A front loader with the tractor (yes or no); null when the file does not say. */
  loader: boolean | null;
  /** Grade 1-5 in tenths (4.5 → 45); null when absent ("not inspected"), never a made-up 3. */
  gradeTenths: number | null;
};

export type SaleProblem = { row: number; column: string; message: string };

export type SaleCsvResult = { records: SaleRecord[]; problems: SaleProblem[]; unknownColumns: string[] };

export const REQUIRED_SALE_COLUMNS = ['source_id', 'sold_on', 'make', 'model', 'price_usd'] as const;
export const OPTIONAL_SALE_COLUMNS = [
  'year',
  'hours',
  'state',
  'horsepower',
  'size_class',
  'drive',
  'cab',
  'transmission',
  'loader',
  'grade',
] as const;
export type SaleColumn = (typeof REQUIRED_SALE_COLUMNS)[number] | (typeof OPTIONAL_SALE_COLUMNS)[number];
const KNOWN_COLUMNS = new Set<string>([...REQUIRED_SALE_COLUMNS, ...OPTIONAL_SALE_COLUMNS]);

export const SALE_PRICE_MIN_USD = 100;
export const SALE_PRICE_MAX_USD = 10_000_000;
export const SALE_YEAR_MIN = 1900;
export const SALE_SOLD_ON_MIN = '1950-01-01';
export const SALE_HOURS_MAX = 500_000;
export const SALE_HORSEPOWER_MAX = 2_000;
export const SALE_TEXT_MAX = 120;
/** The row number of the header: the first sale is row 2, as a spreadsheet numbers it. */
export const SALE_HEADER_ROW = 1;

// ---------------------------------------------------------------------------------------------------------------
// CSV (RFC 4180 and what spreadsheets write: a BOM, CRLF or LF, quoted fields with commas, quotes and line breaks)

export type CsvRow = { row: number; cells: string[] };

/**
 * The rows of a CSV text, numbered from 1 (a row with a quoted line break counts once). Blank lines are skipped
 * but still counted, so a row's number is the one a spreadsheet shows. An unterminated quote ends the text with an
 * `error` on its row.
 */
export function* csvRows(text: string): Generator<CsvRow & { error?: string }> {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;
  let row = 0;
  while (i < n) {
    row++;
    const cells: string[] = [];
    let error: string | undefined;
    for (;;) {
      if (text.charCodeAt(i) === 34 /* " */) {
        let value = '';
        let from = i + 1;
        for (;;) {
          const q = text.indexOf('"', from);
          if (q < 0) {
            error = 'a quoted value is not closed';
            value += text.slice(from);
            i = n;
            break;
          }
          value += text.slice(from, q);
          if (text.charCodeAt(q + 1) === 34) {
            value += '"';
            from = q + 2;
            continue;
          }
          i = q + 1;
          break;
        }
        // Anything between the closing quote and the next comma or line end is kept, as spreadsheets do.
        const end = nextDelimiter(text, i);
        value += text.slice(i, end);
        cells.push(value);
        i = end;
      } else {
        const end = nextDelimiter(text, i);
        cells.push(text.slice(i, end));
        i = end;
      }
      if (i >= n) break;
      const c = text.charCodeAt(i);
      if (c === 44 /* , */) {
        i++;
        continue;
      }
      // A line end: CRLF, LF or CR.
      i += c === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
      break;
    }
    if (error) {
      yield { row, cells, error };
      return;
    }
    if (cells.length === 1 && cells[0] === '') continue;
    yield { row, cells };
  }
}

function nextDelimiter(text: string, from: number): number {
  for (let j = from; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 44 || c === 10 || c === 13) return j;
  }
  return text.length;
}

// ---------------------------------------------------------------------------------------------------------------
// The header

export type SaleHeader = {
  /** Where each known column is in a row. */
  index: Partial<Record<SaleColumn, number>>;
  width: number;
  unknownColumns: string[];
  problems: SaleProblem[];
};

const headerName = (cell: string) => cell.trim().toLowerCase();

/** Reads the header row: known columns by name (any case), unknown ones listed, missing required ones reported. */
export function readSaleHeader(cells: readonly string[], row = SALE_HEADER_ROW): SaleHeader {
  const index: Partial<Record<SaleColumn, number>> = {};
  const unknownColumns: string[] = [];
  const problems: SaleProblem[] = [];
  cells.forEach((cell, i) => {
    const name = headerName(cell);
    if (KNOWN_COLUMNS.has(name)) {
      if (index[name as SaleColumn] !== undefined) {
        problems.push({ row, column: name, message: `column ${name} appears twice in the header` });
      } else index[name as SaleColumn] = i;
    } else if (name) unknownColumns.push(cell.trim());
  });
  for (const name of REQUIRED_SALE_COLUMNS) {
    if (index[name] === undefined) {
      problems.push({ row, column: name, message: `the header has no ${name} column (it is required)` });
    }
  }
  return { index, width: cells.length, unknownColumns, problems };
}

// ---------------------------------------------------------------------------------------------------------------
// A row

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const WHOLE = /^\d+$/;
const WHOLE_DOLLARS = /^\$?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.0+)?$/;
const DECIMAL = /^\d+(?:\.\d+)?$/;
const usd = formatCount;

/** True when `text` is YYYY-MM-DD and a day of the calendar (2031-02-30 is not). */
export function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

// The District of Columbia is a place of sale though not one of places.ts's states.
const DISTRICT = new Set([
  'dc',
  'd.c.',
  'washington dc',
  'washington d.c.',
  'washington, dc',
  'district of columbia',
]);

/** The two-letter code of a state given by name or code ("Iowa", "IA", "Washington DC"), null when not a state. */
export function saleStateCode(text: string): string | null {
  const t = text.trim();
  if (DISTRICT.has(t.toLowerCase().replace(/\s+/g, ' '))) return 'DC';
  // Only a whole state name or code: "Ames, Iowa" is not a state column's value.
  const code = stateCode(t);
  if (!code) return null;
  const whole = t.toLowerCase();
  return whole === code.toLowerCase() || whole === stateName(code)?.toLowerCase() ? code : null;
}

export type SaleRowOptions = {
  /** YYYY-MM-DD: a sale after this day is refused. */
  today?: string;
};

/**
 * One data row read against the header: the record, or every problem it has (a row with a problem imports
 * nothing). Empty optional cells are null; a row shorter or longer than the header is refused whole.
 */
export function readSaleRow(
  header: SaleHeader,
  cells: readonly string[],
  row: number,
  options: SaleRowOptions = {},
): { record: SaleRecord; problems?: undefined } | { record?: undefined; problems: SaleProblem[] } {
  const problems: SaleProblem[] = [];
  if (cells.length !== header.width) {
    return {
      problems: [
        {
          row,
          column: '',
          message: `the row has ${cells.length} values where the header has ${header.width}`,
        },
      ],
    };
  }
  const cell = (name: SaleColumn): string => {
    const i = header.index[name];
    return i === undefined ? '' : (cells[i] ?? '').trim();
  };
  const bad = (column: SaleColumn, message: string) => {
    problems.push({ row, column, message });
    return null;
  };
  const text = (column: SaleColumn, required: boolean): string | null => {
    const v = cell(column).replace(/\s+/g, ' ');
    if (!v) return required ? bad(column, `${column} is empty (it is required)`) : null;
    if (v.length > SALE_TEXT_MAX) return bad(column, `${column} is longer than ${SALE_TEXT_MAX} characters`);
    return v;
  };

  const sourceId = text('source_id', true);

  const soldOnText = cell('sold_on');
  let soldOn: string | null = null;
  if (!soldOnText) bad('sold_on', 'sold_on is empty (it is required)');
  else if (!isCalendarDate(soldOnText)) bad('sold_on', `sold_on ${soldOnText} is not a date`);
  else if (soldOnText < SALE_SOLD_ON_MIN)
    bad('sold_on', `sold_on ${soldOnText} is before ${SALE_SOLD_ON_MIN}`);
  else if (options.today && soldOnText > options.today)
    bad('sold_on', `sold_on ${soldOnText} is in the future`);
  else soldOn = soldOnText;

  const make = text('make', true);
  const model = text('model', true);

  const priceText = cell('price_usd');
  let priceCents: number | null = null;
  const priceRule = `price_usd must be a whole number of dollars between ${usd(SALE_PRICE_MIN_USD)} and ${usd(SALE_PRICE_MAX_USD)}`;
  if (!priceText) bad('price_usd', 'price_usd is empty (it is required)');
  else {
    const dollars = WHOLE_DOLLARS.test(priceText) ? Number(priceText.replace(/[$,]/g, '')) : Number.NaN;
    if (!Number.isInteger(dollars) || dollars < SALE_PRICE_MIN_USD || dollars > SALE_PRICE_MAX_USD) {
      bad('price_usd', priceRule);
    } else priceCents = dollars * 100;
  }

  const yearText = cell('year');
  let year: number | null = null;
  if (yearText) {
    const soldYear = soldOn ? Number(soldOn.slice(0, 4)) : null;
    const latest = soldYear === null ? null : soldYear + 1;
    const y = WHOLE.test(yearText) ? Number(yearText) : Number.NaN;
    if (!Number.isInteger(y) || y < SALE_YEAR_MIN || (latest !== null && y > latest)) {
      bad('year', `year ${yearText} is not a year made between ${SALE_YEAR_MIN} and ${latest ?? 'the sale'}`);
    } else year = y;
  }

  const hoursText = cell('hours').replace(/,/g, '');
  let hours: number | null = null;
  if (hoursText) {
    const h = DECIMAL.test(hoursText) ? Math.round(Number(hoursText)) : Number.NaN;
    if (!Number.isFinite(h) || h > SALE_HOURS_MAX) {
      bad('hours', `hours ${cell('hours')} must be a number of hours between 0 and ${usd(SALE_HOURS_MAX)}`);
    } else hours = h;
  }

  const stateText = cell('state');
  let state: string | null = null;
  if (stateText) {
    state = saleStateCode(stateText);
    if (!state) bad('state', `state ${stateText} is not a US state (a name like Iowa or a code like IA)`);
  }

  const hpText = cell('horsepower');
  let horsepower: number | null = null;
  if (hpText) {
    const hp = DECIMAL.test(hpText) ? Number(hpText) : Number.NaN;
    if (!Number.isFinite(hp) || hp <= 0 || hp > SALE_HORSEPOWER_MAX) {
      bad('horsepower', `horsepower ${hpText} must be a number between 1 and ${usd(SALE_HORSEPOWER_MAX)}`);
    } else horsepower = Math.round(hp * 10) / 10;
  }

  const sizeClass = text('size_class', false);
  const drive = text('drive', false);
  const cab = text('cab', false);
  const transmission = text('transmission', false);

  const loaderText = cell('loader').toLowerCase();
  let loader: boolean | null = null;
  if (loaderText) {
    if (LOADER_YES.has(loaderText)) loader = true;
    else if (LOADER_NO.has(loaderText)) loader = false;
    else bad('loader', `loader ${cell('loader')} must be yes or no (empty when not known)`);
  }

  const gradeText = cell('grade');
  let gradeTenths: number | null = null;
  if (gradeText) {
    const g = /^\d(?:\.\d)?$/.test(gradeText) ? Number(gradeText) : Number.NaN;
    if (!(g >= 1 && g <= 5))
      bad('grade', `grade ${gradeText} must be between 1 and 5 (empty when not inspected)`);
    else gradeTenths = Math.round(g * 10);
  }

  if (problems.length > 0 || !sourceId || !soldOn || !make || !model || priceCents === null) {
    return { problems };
  }
  return {
    record: {
      sourceId,
      soldOn,
      make,
      model,
      year,
      hours,
      state,
      priceCents,
      horsepower,
      sizeClass,
      drive,
      cab,
      transmission,
      loader,
      gradeTenths,
    },
  };
}

const LOADER_YES = new Set(['yes', 'y', 'true', '1']);
const LOADER_NO = new Set(['no', 'n', 'false', '0']);

// ---------------------------------------------------------------------------------------------------------------
// A whole file

export type SaleCsvOptions = SaleRowOptions & {
  /** Called every `progressEvery` rows read (the CLI's progress line). */
  onProgress?: (rowsRead: number) => void;
  progressEvery?: number;
};

/**
 * Reads a whole sale file: the good rows' records, every bad row's problems (row number, column, why) and the
 * columns it does not know (ignored). A `source_id` seen on an earlier row is a problem on the later one. A file
 * whose header lacks a required column gives no records.
 */
export function parseSaleCsv(text: string, options: SaleCsvOptions = {}): SaleCsvResult {
  const records: SaleRecord[] = [];
  const problems: SaleProblem[] = [];
  const seen = new Map<string, number>();
  let header: SaleHeader | null = null;
  let read = 0;
  const every = options.progressEvery ?? 10_000;
  for (const { row, cells, error } of csvRows(text)) {
    if (error) {
      problems.push({ row, column: '', message: `${error}; the file ends inside it` });
      break;
    }
    if (!header) {
      header = readSaleHeader(cells, row);
      problems.push(...header.problems);
      if (header.problems.some((p) => p.message.includes('required'))) break;
      continue;
    }
    read++;
    if (options.onProgress && read % every === 0) options.onProgress(read);
    const result = readSaleRow(header, cells, row, options);
    if (result.problems) {
      problems.push(...result.problems);
      continue;
    }
    const earlier = seen.get(result.record.sourceId);
    if (earlier !== undefined) {
      problems.push({
        row,
        column: 'source_id',
        message: `source_id ${result.record.sourceId} is already on row ${earlier}`,
      });
      continue;
    }
    seen.set(result.record.sourceId, row);
    records.push(result.record);
  }
  if (!header) {
    problems.push({ row: SALE_HEADER_ROW, column: '', message: 'the file is empty (no header row)' });
  }
  options.onProgress?.(read);
  return { records, problems, unknownColumns: header?.unknownColumns ?? [] };
}
