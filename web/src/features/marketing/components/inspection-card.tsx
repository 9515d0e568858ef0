import { CheckIcon as Check } from '@/components/layout/icons';

// The 110 checkpoints of the inspection form (domain/inspection.ts INSPECTION_SECTIONS), its 16 sections
// merged into 8 lines; the counts add up to 110. Kept literal so the landing page's chunk stays small.
const GROUPS = [
  { name: 'Identification and documents', points: 9 },
  { name: 'Engine, fuel and cooling', points: 18 },
  { name: 'Transmission, drivetrain and PTO', points: 13 },
  { name: 'Hydraulics, remotes and 3-point hitch', points: 20 },
  { name: 'Electrical, monitors and GPS', points: 13 },
  { name: 'Cab and operator station', points: 10 },
  { name: 'Steering, brakes and tyres', points: 11 },
  { name: 'Frame, attachments, fluids and leaks', points: 16 },
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
          110 points
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
