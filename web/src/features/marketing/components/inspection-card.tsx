import { CheckIcon as Check } from '@/components/layout/icons';

// The 100 points, grouped as on the condition report (the counts add up to 100).
const GROUPS = [
  { name: 'Engine and cooling', points: 18 },
  { name: 'Transmission and driveline', points: 14 },
  { name: 'Hydraulics and remotes', points: 16 },
  { name: 'PTO and three-point linkage', points: 10 },
  { name: 'Electrics, lights and GPS', points: 12 },
  { name: 'Cab, controls and HVAC', points: 12 },
  { name: 'Tyres, brakes and steering', points: 12 },
  { name: 'Frame, loader mounts and bodywork', points: 6 },
];

/** What a condition report covers, shown as a report card beside the inspection promise. */
export function InspectionCard() {
  return (
    <div className="rounded-lg border border-border bg-card shadow-sm">
      <div className="flex items-center justify-between border-b border-border px-5 py-4">
        <div>
          <p className="text-sm font-semibold text-muted-foreground">Condition report</p>
          <p className="text-lg font-bold text-brand-900">What our inspectors check</p>
        </div>
        <span className="rounded-full bg-brand-700 px-3 py-1 text-sm font-bold whitespace-nowrap text-white">
          100 points
        </span>
      </div>
      <ul className="divide-y divide-border">
        {GROUPS.map((g) => (
          <li key={g.name} className="flex items-center justify-between gap-3 px-5 py-2.5">
            <span className="flex items-center gap-2 text-gray-800">
              <Check className="size-4 shrink-0 text-brand-700" />
              {g.name}
            </span>
            <span className="text-sm font-semibold whitespace-nowrap text-muted-foreground">
              {g.points} checks
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
