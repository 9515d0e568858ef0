import { adjustedFor, comparablesHeading, valueBasisSentence } from '@domain/fieldlot-value';
import { formatDollarsRounded as formatDollars } from '@domain/money';
import { LineChart } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { useSession } from '@/features/auth';
import { useListingValue } from '../api';
import { ComparablesTable } from './comparables-table';
import { ValueBreakdown } from './value-breakdown';

const CONFIDENCE_TONE = { High: 'green', Medium: 'yellow', Low: 'orange' } as const;

/**
 * The tractor page's FieldLot Value (docs/product/fieldlot-value.md): where the asking price stands against the
 * value and its typical range, its confidence and breakdown, and the comparable sales. Signed-in dealers and admins only; visitors see nothing.
 */
export function FieldlotValuePanel({ listingId }: { listingId: string }) {
  const { isApproved } = useSession();
  const value = useListingValue(listingId, isApproved);
  if (!isApproved) return null;
  return (
    <Card className="space-y-3 p-4" data-testid="fieldlot-value">
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <LineChart className="size-5 text-brand-700" aria-hidden="true" /> FieldLot Value
      </h2>
      {value.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : value.isError ? (
        <ErrorState message={value.error.message} onRetry={() => value.refetch()} />
      ) : (
        <>
          <p className="font-semibold" data-testid="value-sentence">
            {value.data.standing?.sentence ??
              (value.data.estimate
                ? `FieldLot Value ${formatDollars(value.data.estimate.valueCents)} (typical ${formatDollars(value.data.estimate.lowCents)}–${formatDollars(value.data.estimate.highCents)})`
                : value.data.message)}
          </p>
          {value.data.estimate && (
            <p className="text-sm" data-testid="value-confidence">
              <Badge tone={CONFIDENCE_TONE[value.data.estimate.confidence]}>
                Confidence: {value.data.estimate.confidence}
              </Badge>
            </p>
          )}
          {value.data.estimate && (
            <p className="text-sm text-muted-foreground">
              {valueBasisSentence({
                make: value.data.make,
                family: value.data.family,
                salesUsed: value.data.estimate.salesUsed,
                basis: value.data.estimate.basis,
                factors: adjustedFor(value.data.estimate.breakdown),
                imported: value.data.estimate.importedSales,
              })}{' '}
              <Link
                className="font-medium text-brand-800 underline"
                to={`/market/${encodeURIComponent(value.data.make)}/${encodeURIComponent(value.data.family)}`}
              >
                {value.data.make} {value.data.family} market
              </Link>
            </p>
          )}
          {value.data.estimate && <ValueBreakdown estimate={value.data.estimate} />}
          <h3 className="font-semibold" data-testid="comparables-heading">
            {comparablesHeading(value.data.comparables)}
          </h3>
          <ComparablesTable
            sales={value.data.comparables}
            caption={`Comparable sales of the ${value.data.make} ${value.data.family}, nearest first`}
          />
        </>
      )}
    </Card>
  );
}
