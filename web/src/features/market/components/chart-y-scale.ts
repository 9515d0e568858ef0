/**
 * The y axis of a market chart (docs/product/market.md): counts and money start at 0 and their ticks are whole
 * units (a sale, a dollar), so no two ticks read the same once formatted. `unit` is the smallest step in the
 * series' own numbers: 1 for counts, 100 for cents shown as whole dollars.
 */

const STEPS = [1, 2, 5];
/** Enough for any amount the charts show: up to 10^15 units. */
const DECADES = 16;
/** At most this many steps between 0 and the top, so the top gets a tick of its own. */
const TOP_STEPS = 5;

/** Tick increments a chart may use: 1, 2 and 5 times a power of ten, in whole `unit`s, ascending. */
export function wholeIncrements(unit: number): number[] {
  const incrs: number[] = [];
  for (let d = 0; d < DECADES; d++) for (const s of STEPS) incrs.push(s * 10 ** d * unit);
  return incrs;
}

/**
 * The y scale for data between `dataMin` and `dataMax` (null or not finite when there is none): from 0 (or
 * below, whole units, if a figure is negative) to a whole number of increments above the highest figure, and
 * at least one unit high, so an all-zero series has 0 at the bottom and one unit at the top.
 */
export function yScaleRange(dataMin: number | null, dataMax: number | null, unit: number): [number, number] {
  const min = Number.isFinite(dataMin) ? (dataMin as number) : 0;
  const max = Number.isFinite(dataMax) ? (dataMax as number) : 0;
  const low = Math.min(0, Math.floor(min / unit) * unit);
  const span = Math.max(max - low, unit);
  const step = wholeIncrements(unit).find((incr) => span / incr <= TOP_STEPS) ?? span;
  return [low, low + Math.ceil(span / step) * step];
}
