import { TYRE_POSITIONS, type TyrePosition } from '@domain/inspection';

const BOXES: Record<TyrePosition, { x: number; y: number; w: number; h: number }> = {
  'front-left': { x: 28, y: 18, w: 26, h: 44 },
  'front-right': { x: 146, y: 18, w: 26, h: 44 },
  'rear-left': { x: 18, y: 120, w: 36, h: 66 },
  'rear-right': { x: 146, y: 120, w: 36, h: 66 },
  'rear-left-outer': { x: 0, y: 120, w: 16, h: 66 },
  'rear-right-outer': { x: 184, y: 120, w: 16, h: 66 },
};

const fill = (pct: number) => (pct >= 60 ? '#15803d' : pct >= 30 ? '#b45309' : '#b91c1c');

/** A tractor seen from above with the tread percent on each tyre; the same readings as a list for screen readers. */
export function TyreDiagram({ treads }: { treads: Record<string, number> }) {
  const shown = TYRE_POSITIONS.filter((p) => treads[p.id] !== undefined);
  if (shown.length === 0) return <p className="text-sm text-muted-foreground">No tread readings.</p>;
  return (
    <figure className="flex flex-col items-center gap-3 sm:flex-row sm:items-start sm:gap-6">
      <svg viewBox="0 0 200 200" className="h-44 w-44 shrink-0" aria-hidden="true">
        <rect x="70" y="10" width="60" height="70" rx="10" fill="#e5e7eb" stroke="#6b7280" />
        <rect x="60" y="80" width="80" height="105" rx="8" fill="#d1d5db" stroke="#6b7280" />
        <rect x="56" y="34" width="88" height="6" fill="#6b7280" />
        <rect x="52" y="148" width="96" height="8" fill="#6b7280" />
        {shown.map((p) => {
          const b = BOXES[p.id];
          const pct = treads[p.id] as number;
          return (
            <g key={p.id}>
              <rect x={b.x} y={b.y} width={b.w} height={b.h} rx="4" fill={fill(pct)} />
              <text
                x={b.x + b.w / 2}
                y={b.y + b.h / 2 + 4}
                textAnchor="middle"
                fontSize={b.w < 20 ? 7 : b.w < 30 ? 9 : 11}
                fontWeight="700"
                fill="#fff"
              >
                {pct}%
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="w-full">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          {shown.map((p) => (
            <div key={p.id} className="contents">
              <dt className="text-muted-foreground">{p.label}</dt>
              <dd className="font-semibold tabular-nums">{treads[p.id]}% tread</dd>
            </div>
          ))}
        </dl>
      </figcaption>
    </figure>
  );
}
