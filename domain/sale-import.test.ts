import { describe, expect, it } from 'vitest';
import { csvRows, isCalendarDate, parseSaleCsv, saleStateCode } from './sale-import.js';

const HEADER =
  'source_id,sold_on,make,model,year,hours,state,price_usd,horsepower,size_class,drive,cab,transmission';

describe('csvRows', () => {
  const rows = (text: string) => [...csvRows(text)].map((r) => r.cells);

  it('reads quoted fields with commas, doubled quotes and line breaks inside them', () => {
    expect(rows('a,"b, c","say ""hi""","two\nlines",e\n')).toEqual([
      ['a', 'b, c', 'say "hi"', 'two\nlines', 'e'],
    ]);
  });

  it('takes a BOM off the first cell and reads CRLF, LF and CR line ends alike', () => {
    expect(rows('\uFEFFx,y\r\n1,2\n3,4\r5,6')).toEqual([
      ['x', 'y'],
      ['1', '2'],
      ['3', '4'],
      ['5', '6'],
    ]);
  });

  it('keeps empty cells, a trailing empty cell included, and skips blank lines while counting them', () => {
    const all = [...csvRows('a,,c,\n\n1,2,3,\n')];
    expect(all.map((r) => r.cells)).toEqual([
      ['a', '', 'c', ''],
      ['1', '2', '3', ''],
    ]);
    expect(all.map((r) => r.row)).toEqual([1, 3]);
  });

  it('counts a row with a quoted line break once', () => {
    expect([...csvRows('h\n"x\ny"\nz\n')].map((r) => r.row)).toEqual([1, 2, 3]);
  });

  it('says so when a quoted value is never closed', () => {
    const all = [...csvRows('a,b\n1,"open\n2,3\n')];
    expect(all.at(-1)?.error).toBe('a quoted value is not closed');
    expect(all.at(-1)?.row).toBe(2);
  });
});

describe('parseSaleCsv', () => {
  it('reads a good row into a record, in cents, with the state as its code and no made-up grade', () => {
    const { records, problems, unknownColumns } = parseSaleCsv(
      `${HEADER}\nfi-1,2004-01-16,Track Type Tractors,650G,1999,479,Alabama,35000,95,85.0 to 105.0 Horsepower,,OROPS,Standard\n`,
    );
    expect(problems).toEqual([]);
    expect(unknownColumns).toEqual([]);
    expect(records).toEqual([
      {
        sourceId: 'fi-1',
        soldOn: '2004-01-16',
        make: 'Track Type Tractors',
        model: '650G',
        year: 1999,
        hours: 479,
        state: 'AL',
        priceCents: 3_500_000,
        horsepower: 95,
        sizeClass: '85.0 to 105.0 Horsepower',
        drive: null,
        cab: 'OROPS',
        transmission: 'Standard',
        loader: null,
        gradeTenths: null,
      },
    ]);
  });

  it('reads a front loader as yes or no, empty when not known, and says why another word is refused', () => {
    const { records, problems } = parseSaleCsv(
      [
        'source_id,sold_on,make,model,price_usd,loader',
        'a,2024-03-01,Deere,5075E,41000,Yes',
        'b,2024-03-02,Deere,5075E,36000,no',
        'c,2024-03-03,Deere,5075E,38000,',
        'd,2024-03-04,Deere,5075E,38000,1',
        'e,2024-03-05,Deere,5075E,38000,maybe',
      ].join('\n'),
    );
    expect(records.map((r) => [r.sourceId, r.loader])).toEqual([
      ['a', true],
      ['b', false],
      ['c', null],
      ['d', true],
    ]);
    expect(problems).toEqual([
      { row: 6, column: 'loader', message: 'loader maybe must be yes or no (empty when not known)' },
    ]);
  });

  it('needs only the required columns, in any order and case, and lists the unknown ones', () => {
    const { records, problems, unknownColumns } = parseSaleCsv(
      'Price_USD,Model,make,sold_on,source_id,Lot Notes,grade\n"$12,500",5075E,John Deere,2025-03-04,x-1,"clean, one owner",4.5\n',
    );
    expect(problems).toEqual([]);
    expect(unknownColumns).toEqual(['Lot Notes']);
    expect(records[0]).toMatchObject({
      sourceId: 'x-1',
      priceCents: 1_250_000,
      year: null,
      hours: null,
      state: null,
      gradeTenths: 45,
    });
  });

  it('refuses a file whose header lacks a required column, saying which', () => {
    const { records, problems } = parseSaleCsv('source_id,sold_on,make,model\nx,2025-01-01,Deere,5075E\n');
    expect(records).toEqual([]);
    expect(problems).toEqual([
      { row: 1, column: 'price_usd', message: 'the header has no price_usd column (it is required)' },
    ]);
  });

  it('gives each bad row a line with its row number, column and why; good rows are still read', () => {
    const text = [
      HEADER,
      'a-1,2025-03-01,Deere,5075E,2019,1200,Iowa,41000,,,,,',
      'a-2,2031-02-30,Deere,5075E,2019,1200,Iowa,41000,,,,,',
      'a-3,2025-03-01,Deere,5075E,2019,1200,Iowa,41000.50,,,,,',
      'a-4,2025-03-01,Deere,5075E,2019,1200,Iowa,99,,,,,',
      'a-5,2025-03-01,Deere,5075E,2019,1200,Atlantis,12000000,,,,,',
      'a-6,2025-03-01,,5075E,2030,-5,IA,41000,0,,,,',
      'a-7,2025-03-01,Deere,5075E,2019,1200,Iowa',
      'a-1,2025-03-02,Deere,5075E,2019,1200,Iowa,42000,,,,,',
    ].join('\r\n');
    const { records, problems } = parseSaleCsv(text);
    expect(records.map((r) => r.sourceId)).toEqual(['a-1']);
    const price = 'price_usd must be a whole number of dollars between 100 and 10,000,000';
    expect(problems).toEqual([
      { row: 3, column: 'sold_on', message: 'sold_on 2031-02-30 is not a date' },
      { row: 4, column: 'price_usd', message: price },
      { row: 5, column: 'price_usd', message: price },
      { row: 6, column: 'price_usd', message: price },
      {
        row: 6,
        column: 'state',
        message: 'state Atlantis is not a US state (a name like Iowa or a code like IA)',
      },
      { row: 7, column: 'make', message: 'make is empty (it is required)' },
      { row: 7, column: 'year', message: 'year 2030 is not a year made between 1900 and 2026' },
      { row: 7, column: 'hours', message: 'hours -5 must be a number of hours between 0 and 500,000' },
      { row: 7, column: 'horsepower', message: 'horsepower 0 must be a number between 1 and 2,000' },
      { row: 8, column: '', message: 'the row has 7 values where the header has 13' },
      { row: 9, column: 'source_id', message: 'source_id a-1 is already on row 2' },
    ]);
  });

  it('refuses a grade outside 1-5 and a sale after today when today is given', () => {
    const text =
      'source_id,sold_on,make,model,price_usd,grade\nb-1,2025-03-01,Deere,5075E,41000,6\nb-2,2026-12-07,Deere,5075E,41000,\n';
    expect(parseSaleCsv(text, { today: '2026-12-06' }).problems).toEqual([
      { row: 2, column: 'grade', message: 'grade 6 must be between 1 and 5 (empty when not inspected)' },
      { row: 3, column: 'sold_on', message: 'sold_on 2026-12-07 is in the future' },
    ]);
  });

  it('reports an unclosed quote on its row and an empty file', () => {
    expect(parseSaleCsv(`${HEADER}\n"c-1,2025-01-01\n`).problems).toEqual([
      { row: 2, column: '', message: 'a quoted value is not closed; the file ends inside it' },
    ]);
    expect(parseSaleCsv('').problems).toEqual([
      { row: 1, column: '', message: 'the file is empty (no header row)' },
    ]);
  });

  it('calls back with the rows read so far', () => {
    const rows = Array.from({ length: 25 }, (_, i) => `p-${i},2025-01-01,Deere,5075E,41000`);
    const seen: number[] = [];
    parseSaleCsv(['source_id,sold_on,make,model,price_usd', ...rows].join('\n'), {
      progressEvery: 10,
      onProgress: (n) => seen.push(n),
    });
    expect(seen).toEqual([10, 20, 25]);
  });
});

describe('isCalendarDate and saleStateCode', () => {
  it('knows the calendar', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-13-01')).toBe(false);
    expect(isCalendarDate('2025-1-01')).toBe(false);
  });

  it('reads a whole state name or code, and the District of Columbia', () => {
    expect(saleStateCode('Iowa')).toBe('IA');
    expect(saleStateCode('ia')).toBe('IA');
    expect(saleStateCode('West Virginia')).toBe('WV');
    expect(saleStateCode('Washington DC')).toBe('DC');
    expect(saleStateCode('Ames, IA')).toBeNull();
    expect(saleStateCode('Ames IA')).toBeNull();
  });
});
