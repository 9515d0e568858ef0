import { AS_IS_TITLE, gradeLabel } from '@domain/condition-grades';
import { conditionTone } from '@domain/listings';
import { Badge } from '@/components/ui/badge';

/** On cards of tractors an admin marked "Sold as-is, not inspected". */
export function AsIsBadge({ className }: { className?: string }) {
  return (
    <Badge tone="orange" className={className}>
      {AS_IS_TITLE}
    </Badge>
  );
}

/** "Grade 4.5" in the colour of its word (Excellent green ... Poor grey); nothing until a report exists. */
export function GradeBadge({ grade, className }: { grade: number | null; className?: string }) {
  if (grade === null) return null;
  return (
    <Badge
      tone={conditionTone(gradeLabel(grade))}
      className={className}
      title={`Condition report grade ${grade.toFixed(1)} of 5 (${gradeLabel(grade)})`}
    >
      Grade {grade.toFixed(1)}
    </Badge>
  );
}
