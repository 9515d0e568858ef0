import { shownCondition } from '@domain/condition-grades';
import { cn } from '@/lib/utils';
import { ConditionBadge } from './condition-badge';

/**
 * The condition word every tractor card shows: a published report's grade decides it, the seller's word counts
 * only until one exists (docs/decisions/0042-hours-corrected-at-inspection.md).
 */
export function ShownConditionBadge({
  grade,
  condition,
  className,
}: {
  grade: number | null;
  condition: string;
  className?: string;
}) {
  return <ConditionBadge condition={shownCondition(grade, condition)} className={className} />;
}

/** "Hours corrected from 2,900 to 4,321 at inspection" on a card; nothing when the hours never were. */
export function HoursNotice({
  notice,
  className,
}: {
  notice: string | null | undefined;
  className?: string;
}) {
  if (!notice) return null;
  return <p className={cn('text-xs font-semibold text-amber-800', className)}>{notice}</p>;
}
