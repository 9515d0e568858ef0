import { conditionTone } from '@domain/listings';
import { Badge } from '@/components/ui/badge';

/** docs/product/listings.md#a-listing colours, and the word itself (never colour alone). */
export function ConditionBadge({ condition, className }: { condition: string; className?: string }) {
  return (
    <Badge tone={conditionTone(condition)} className={className}>
      {condition}
    </Badge>
  );
}
