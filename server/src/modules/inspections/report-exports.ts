// A dealership's "Download all our data" (docs/product/accounts.md#download-all-our-data): every published
// condition report of a tractor, as JSON and as the PDF the report page downloads.
import type { FullReport } from '../../../../domain/inspection-api.js';
import type { AppContext } from '../../lib/context.js';
import * as repo from './inspections.repository.js';
import { renderReportPdf } from './report-pdf.js';
import { hoursNoticeOf, toFullReport } from './reports.service.js';

export interface ReportFiles {
  listingId: string;
  number: number;
  publishedAt: string;
  report: FullReport;
  pdf: Buffer;
}

/** The caller scopes the listings to the dealership's tractors: there is no access check here. */
export async function reportFilesOf(ctx: AppContext, listingIds: string[]): Promise<ReportFiles[]> {
  const out: ReportFiles[] = [];
  for (const listingId of listingIds) {
    const listing = await repo.listingById(ctx.db, listingId);
    if (!listing) continue;
    const revisions = await repo.revisionsOf(ctx.db, listingId);
    const notice = hoursNoticeOf(revisions);
    for (const revision of revisions) {
      out.push({
        listingId,
        number: revision.number,
        publishedAt: revision.publishedAt.toISOString(),
        report: toFullReport(revision),
        pdf: await renderReportPdf(ctx, listing, revision, notice),
      });
    }
  }
  return out;
}
