import { formatDollarsRounded as formatDollars } from '@domain/money';
import { describe, expect, it } from 'vitest';
import { wholeIncrements, yScaleRange } from './chart-y-scale';

/**
 * The labels uPlot draws on a y axis `height` px tall with ticks at least 30 px apart: the smallest increment
 * that leaves that room, and every multiple of it within the scale (uPlot's findIncr and numAxisSplits).
 */
function tickLabels(data: number[], unit: number, format: (y: number) => string, height = 170): string[] {
  const [low, high] = yScaleRange(Math.min(...data), Math.max(...data), unit);
  const incr = wholeIncrements(unit).find((i) => (height * i) / (high - low) >= 30);
  if (incr === undefined) throw new Error('no increment fits');
  const labels: string[] = [];
  for (let y = Math.ceil(low / incr) * incr; y <= high; y += incr) labels.push(format(y));
  return labels;
}

const count = (y: number) => String(Math.round(y));

describe('a market chart y axis', () => {
  it('shows $0 at the bottom and distinct whole dollars when every fee is zero', () => {
    expect(yScaleRange(0, 0, 100)).toEqual([0, 100]);
    expect(tickLabels([0, 0, 0], 100, formatDollars)).toEqual(['$0', '$1']);
  });

  it('shows 0 at the bottom and whole counts when nothing was sold, or one sale at most', () => {
    expect(tickLabels([0, 0], 1, count)).toEqual(['0', '1']);
    expect(tickLabels([0, 1, 1], 1, count)).toEqual(['0', '1']);
    expect(tickLabels([2, 3], 1, count)).toEqual(['0', '1', '2', '3']);
  });

  it('starts at 0 and ends on a tick above the highest figure', () => {
    expect(yScaleRange(3, 7, 1)).toEqual([0, 8]);
    expect(yScaleRange(4_200_000, 4_850_000, 100)).toEqual([0, 5_000_000]);
    expect(yScaleRange(12_345, 12_345, 100)).toEqual([0, 15_000]);
    expect(yScaleRange(null, null, 100)).toEqual([0, 100]);
    expect(yScaleRange(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1)).toEqual([0, 1]);
  });

  it('never labels two ticks alike, for small fees and large prices alike', () => {
    for (const fees of [[50], [0, 149], [1, 3], [0, 250, 999], [0, 12_345_678]]) {
      const labels = tickLabels(fees, 100, formatDollars);
      expect(new Set(labels).size, labels.join(', ')).toBe(labels.length);
      expect(labels[0]).toBe('$0');
    }
    for (const sales of [[1], [0, 3], [7, 9], [0, 41]]) {
      const labels = tickLabels(sales, 1, count);
      expect(new Set(labels).size, labels.join(', ')).toBe(labels.length);
    }
  });

  it('steps only in whole units', () => {
    for (const incr of wholeIncrements(100)) expect(incr % 100).toBe(0);
    for (const incr of wholeIncrements(1)) expect(Number.isInteger(incr)).toBe(true);
  });
});
