import { gradeLabel } from '@domain/inspection';
import type { SiteConfig } from '@domain/site';
import { Download, Printer } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { formatLongDate } from '@/lib/format';
import { reportPdfUrl, useReport } from '../api/inspections';
import { AsIsNotice } from './condition-report-section';
import { ReportBody } from './report-body';

export interface PrintTractor {
  title: string;
  location: string;
  images: { id: string; src: string; srcSet: string }[];
}

/**
 * The printable condition report: FieldLot's details, the tractor and its photos, then the whole report with every
 * section open. The browser's print (or "Download PDF", made on the server) gives the paper copy.
 */
export function PrintableReport({
  listingId,
  revision,
  tractor,
  site,
}: {
  listingId: string;
  revision?: number;
  tractor: PrintTractor | null;
  site: SiteConfig;
}) {
  const query = useReport(listingId, revision);
  if (query.isPending) return <LoadingState text="Loading the condition report..." />;
  if (query.isError)
    return <ErrorState message="The condition report could not be loaded" onRetry={() => query.refetch()} />;
  const { report, asIsReason } = query.data;
  return (
    <article className="mx-auto max-w-3xl space-y-5 bg-card p-4 print:p-0 sm:p-8">
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-border pb-3">
        <div>
          <p className="text-2xl font-extrabold text-brand-800">{site.name}</p>
          <p className="text-xs text-muted-foreground">
            {site.officeAddress} · {site.supportPhone} · {site.supportEmail}
          </p>
        </div>
        {report && (
          <div className="flex gap-2 print:hidden">
            <Button variant="outline" onClick={() => window.print()}>
              <Printer aria-hidden="true" /> Print
            </Button>
            <Button asChild>
              <a href={reportPdfUrl(listingId, report.number)} download>
                <Download aria-hidden="true" /> Download PDF
              </a>
            </Button>
          </div>
        )}
      </header>
      <div className="space-y-1">
        <h1 className="text-2xl font-extrabold">Condition Report{tractor ? `: ${tractor.title}` : ''}</h1>
        {tractor && <p className="text-muted-foreground">{tractor.location}</p>}
      </div>
      {tractor && tractor.images.length > 0 && (
        <ul className="grid grid-cols-3 gap-2">
          {tractor.images.slice(0, 3).map((img) => (
            <li key={img.id}>
              <img
                src={img.src}
                srcSet={img.srcSet}
                sizes="33vw"
                alt=""
                className="aspect-[4/3] w-full rounded object-cover"
              />
            </li>
          ))}
        </ul>
      )}
      {asIsReason && <AsIsNotice reason={asIsReason} />}
      {report ? (
        <>
          <p className="text-lg">
            <span className="text-3xl font-extrabold text-brand-800" data-testid="report-grade">
              {report.grade.toFixed(1)}
            </span>{' '}
            of 5.0 · <span className="font-bold">{gradeLabel(report.grade)}</span>
          </p>
          <p className="text-sm text-muted-foreground">
            Inspected {formatLongDate(report.publishedAt)} by {report.inspectorName} · Revision{' '}
            {report.number}
          </p>
          <ReportBody report={report} expanded headingLevel={2} />
        </>
      ) : (
        <p className="text-muted-foreground">The full report is available to approved dealers.</p>
      )}
    </article>
  );
}
