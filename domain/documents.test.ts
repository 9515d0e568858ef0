import { describe, expect, it } from 'vitest';
import { hoursLine, serialLine, soldByLine, yardLines } from './documents.js';

describe('document blocks', () => {
  it('prints the yard address, phone and hours when present, else city and state', () => {
    expect(yardLines({ city: 'Lincoln', location: 'Nebraska', zip: '68508' })).toEqual([
      'Collect at: Lincoln, Nebraska, 68508',
    ]);
    expect(
      yardLines({
        city: 'Lincoln',
        location: 'Nebraska',
        zip: '68508',
        yardAddress: '12 Mill Rd',
        yardPhone: '402-555-0100',
        yardHours: 'Mon-Fri 8-5',
      }),
    ).toEqual([
      'Collect at: 12 Mill Rd, Lincoln, Nebraska, 68508',
      'Yard phone: 402-555-0100',
      'Opening hours: Mon-Fri 8-5',
    ]);
  });
  it('says when the serial or hours are not recorded, and who sold the tractor', () => {
    expect(serialLine(null)).toBe('Serial/PIN: not recorded');
    expect(serialLine(' 1RW8320RCAP012345 ')).toBe('Serial/PIN: 1RW8320RCAP012345');
    expect(hoursLine(1234)).toBe('Hours: 1,234');
    expect(soldByLine(null)).toBe('Sold by FieldLot');
    expect(soldByLine('Prairie Ag')).toBe('Sold by Prairie Ag');
  });
});
