import { AS_IS_TITLE, gradeLabel, SIGN_IN_FOR_REPORT_TEXT } from '@domain/condition-grades';
import type { RevisionRef } from '@domain/inspection-api';
import { ClipboardCheck, Download, Lock, Printer } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { LazySignInDialog } from '@/features/auth';
import { formatLongDate } from '@/lib/format';
import { reportPdfUrl, useReport } from '../api/inspections';
import { GradeBadge } from './grade-badge';

// The full report (checkpoints, photos and their viewer) loads once a dealer's report arrives: a visitor's tractor
// page does not carry it, nor zod and the dialog it needs (docs/decisions/0023).
const ReportBody = lazy(() => import('./report-body').then((m) => ({ default: m.ReportBody })));

/** "Sold as-is, not inspected" and the admin's reason: shown on every dealer screen of the tractor. */
export function AsIsNotice({ reason }: { reason: string }) {
  return (
    <div role="note" className="rounded-md border-2 border-orange-300 bg-orange-50 p-3 text-orange-950">
      <p className="font-bold">{AS_IS_TITLE}</p>
      <p className="text-sm">{reason}</p>
    </div>
  );
}

function Byline({ r }: { r: RevisionRef }) {
  return (
    <p className="text-sm text-muted-foreground">
      Inspected {formatLongDate(r.publishedAt)} by {r.inspectorName}
    </p>
  );
}

function GradeHeading({ r }: { r: RevisionRef }) {
  return (
    <div className="flex items-center gap-3">
      <p className="text-4xl font-extrabold tabular-nums text-brand-800" data-testid="report-grade">
        {r.grade.toFixed(1)}
      </p>
      <div>
        <p className="font-bold">{gradeLabel(r.grade)}</p>
        <p className="text-xs text-muted-foreground">Grade of 5.0</p>
      </div>
    </div>
  );
}

/**
 * The Condition Report section of the tractor page (under the gallery). Everyone sees that a report exists and
 * its grade; approved dealers and staff get the full report, earlier revisions, the PDF and the printable page.
 * `frozen` names the revision frozen with the viewer's purchase (opened from Purchased Inventory).
 */
export function ConditionReportSection({ listingId, revision }: { listingId: string; revision?: number }) {
  const [chosen, setChosen] = useState<number | undefined>(revision);
  const [signInOpen, setSignInOpen] = useState(false);
  const query = useReport(listingId, chosen);

  let body: React.ReactNode;
  if (query.isPending) body = <Skeleton className="h-40 w-full" />;
  else if (query.isError)
    body = <ErrorState message="The condition report could not be loaded" onRetry={() => query.refetch()} />;
  else {
    const { summary, report, access, asIsReason, revisions, latest, hoursNotice } = query.data;
    body = (
      <div className="space-y-4">
        {asIsReason && <AsIsNotice reason={asIsReason} />}
        {!summary && !asIsReason && (
          <p className="text-muted-foreground">No condition report has been published yet.</p>
        )}
        {summary && (
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div className="space-y-1">
              <GradeHeading r={report ?? summary} />
              <Byline r={report ?? summary} />
              {hoursNotice && (
                <p className="font-semibold text-amber-800" data-testid="hours-notice">
                  {hoursNotice}
                </p>
              )}
            </div>
            {report && (
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" asChild>
                  <a href={reportPdfUrl(listingId, report.number)} download>
                    <Download aria-hidden="true" /> Download PDF
                  </a>
                </Button>
                <Button variant="outline" asChild>
                  <Link to={`/tractor/${listingId}/report?revision=${report.number}`}>
                    <Printer aria-hidden="true" /> Printable report
                  </Link>
                </Button>
              </div>
            )}
          </div>
        )}
        {summary && access === 'signedOut' && (
          <div className="rounded-md border border-border bg-muted p-4">
            <p className="text-sm">
              The full 110-point report, with photos, is available to approved dealers.
            </p>
            <Button className="mt-2" onClick={() => setSignInOpen(true)}>
              <Lock aria-hidden="true" /> {SIGN_IN_FOR_REPORT_TEXT}
            </Button>
            <LazySignInDialog open={signInOpen} onClose={() => setSignInOpen(false)} />
          </div>
        )}
        {summary && access === 'limited' && (
          <p className="rounded-md border border-border bg-muted p-4 text-sm">
            The full report is available once your dealer account is approved.
          </p>
        )}
        {report && revisions.length > 1 && (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <label htmlFor="report-revision" className="font-semibold">
              Revision
            </label>
            <select
              id="report-revision"
              className="h-11 rounded-md border border-border bg-card px-3"
              value={report.number}
              onChange={(e) => setChosen(Number(e.target.value))}
            >
              {revisions.map((r) => (
                <option key={r.number} value={r.number}>
                  {r.number} of {formatLongDate(r.publishedAt)}, grade {r.grade.toFixed(1)}
                  {r.number === latest ? ' (current)' : ''}
                  {r.number === revision && revision !== latest ? ' (your purchase)' : ''}
                </option>
              ))}
            </select>
            {report.number !== latest && (
              <span className="font-semibold text-orange-900">
                An earlier revision: the current one is {latest}.
              </span>
            )}
          </div>
        )}
        {report && (
          <Suspense fallback={<Skeleton className="h-96 w-full" />}>
            <ReportBody report={report} />
          </Suspense>
        )}
      </div>
    );
  }

  return (
    <Card className="p-5" id="condition-report">
      <section aria-labelledby="condition-report-heading" className="space-y-4">
        <div className="flex flex-wrap items-center gap-2">
          <ClipboardCheck className="size-6 text-brand-700" aria-hidden="true" />
          <h2 id="condition-report-heading" className="text-xl font-bold">
            Condition Report
          </h2>
          {query.data?.summary && <GradeBadge grade={query.data.summary.grade} />}
        </div>
        {body}
      </section>
    </Card>
  );
}
