import { useEffect, useRef, useState } from 'react';
import { wholeIncrements, yScaleRange } from './chart-y-scale';

/**
 * One market chart (docs/product/market.md): a uPlot canvas that fills its container's width, with the same
 * figures as a table for screen readers and anyone without the canvas (docs/decisions/0047-market-charts.md).
 * uPlot is imported here only, so it lands in the market and admin-chart chunks and nowhere else. Fast on a
 * phone (docs/decisions/0055-market-page-on-a-phone.md): the canvas's height is kept before it is drawn, uPlot is
 * fetched and the chart drawn only once its box comes near the screen, and the table's rows exist only while
 * the table is open.
 */
export interface MarketChartProps {
  title: string;
  summary: string;
  /** x values ascending (months as Unix seconds, or hours) and one y series. */
  xs: number[];
  ys: (number | null)[];
  xLabel: string;
  yLabel: string;
  formatX: (x: number) => string;
  formatY: (y: number) => string;
  /** The smallest step between y ticks, in the series' numbers: 1 (counts, the default) or 100 (cents as dollars). */
  yUnit?: number;
  /** Points only (value against hours) instead of a line. */
  points?: boolean;
}

export function MarketChart(p: MarketChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [tableOpen, setTableOpen] = useState(false);
  const { xs, ys, points, formatX, formatY, yUnit = 1 } = p;

  useEffect(() => {
    const el = box.current;
    if (!el || xs.length === 0) return;
    let plot: { destroy(): void; setSize(s: { width: number; height: number }): void } | undefined;
    let cancelled = false;
    const resize = new ResizeObserver(() => plot?.setSize({ width: el.clientWidth, height: 200 }));
    const near = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) draw();
      },
      { rootMargin: '200px 0px' },
    );
    near.observe(el);
    const draw = () => {
      near.disconnect();
      void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
        if (cancelled) return;
        plot = new UPlot(
          {
            width: el.clientWidth,
            height: 200,
            legend: { show: false },
            // Months are Unix seconds; hours are a plain number, not a date. Counts and money from 0, never a
            // zero-height scale, so an all-zero month still has an axis.
            scales: {
              x: { time: !points },
              y: { range: (_u, min, max) => yScaleRange(min, max, yUnit) },
            },
            axes: [
              // Room for a whole label ("2026-11-25") between ticks, so the day axis never overlaps.
              { values: (_u, vals) => vals.map(formatX), space: 90 },
              // Whole units only: a fractional tick would be rounded to the same label as its neighbour.
              { values: (_u, vals) => vals.map(formatY), size: 70, incrs: wholeIncrements(yUnit) },
            ],
            series: [
              {},
              points
                ? { stroke: 'currentColor', paths: () => null, points: { show: true, size: 6 } }
                : { stroke: 'currentColor', width: 2, spanGaps: true },
            ],
          },
          [xs, ys],
          el,
        );
        resize.observe(el);
      });
    };
    return () => {
      cancelled = true;
      near.disconnect();
      resize.disconnect();
      plot?.destroy();
    };
  }, [xs, ys, points, formatX, formatY, yUnit]);

  return (
    <figure className="space-y-2">
      <figcaption className="font-semibold">{p.title}</figcaption>
      <p className="text-sm text-muted-foreground">{p.summary}</p>
      {xs.length > 0 && <div ref={box} aria-hidden="true" className="w-full min-h-[200px]" />}
      <details onToggle={(e) => setTableOpen(e.currentTarget.open)}>
        <summary className="text-sm">Show the figures as a table</summary>
        <table className="mt-1 text-sm tabular-nums [&_td]:py-0.5 [&_td]:pr-6 [&_th]:pr-6 [&_th]:text-left">
          <thead>
            <tr>
              <th scope="col">{p.xLabel}</th>
              <th scope="col">{p.yLabel}</th>
            </tr>
          </thead>
          <tbody>
            {(tableOpen ? xs : []).map((x, i) => (
              <tr key={`${x}-${i}`}>
                <td>{formatX(x)}</td>
                <td>{ys[i] === null ? '–' : formatY(ys[i] as number)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
