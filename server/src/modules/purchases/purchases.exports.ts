// A dealership's "Download all our data" (docs/product/accounts.md#download-all-our-data): the documents of the
// purchases it made, drawn by the same builders the document routes use, so the files are the ones it downloads.
import { tractorName } from '../../../../domain/listings.js';
import type { AppContext } from '../../lib/context.js';
import { gatePassFacts } from './purchases.documents.js';
import { renderCreditNotePdf, renderGatePassPdf, renderInvoicePdf } from './purchases.pdf.js';
import * as repo from './purchases.repository.js';

export interface DocumentFile {
  name: string;
  content: Buffer;
}

/**
 * The invoice, credit notes and gate pass of each purchase, as its buyer reads them. The caller scopes the ids to
 * the buyer's dealership: there is no access check here. The rows are read in a few queries for all purchases (a
 * dealership may have hundreds); the facts are those `invoiceDocument` and `tractorFacts` give the routes.
 */
export async function boughtPurchaseDocuments(
  ctx: AppContext,
  purchaseIds: string[],
): Promise<DocumentFile[]> {
  const rows = await repo.purchasesWithDocuments(ctx.db, purchaseIds);
  const listings = await repo.listingFacts(ctx.db, [...new Set(rows.purchases.map((p) => p.listingId))]);
  const sellers = await repo.accounts(ctx.db, [
    ...new Set(listings.flatMap((l) => (l.sellerUserId ? [l.sellerUserId] : []))),
  ]);
  const files: DocumentFile[] = [];
  for (const purchase of rows.purchases) {
    const listing = listings.find((l) => l.id === purchase.listingId);
    const invoice = rows.invoices.find((i) => i.purchaseId === purchase.id);
    if (invoice) {
      const tractor = listing ? tractorName(listing) : 'your tractor';
      const seller = listing?.sellerUserId ? sellers.find((s) => s.id === listing.sellerUserId) : undefined;
      const facts = {
        serial: listing?.serialNumber ?? null,
        hours: listing?.hours ?? null,
        sellerCompany: seller?.companyName ?? null,
      };
      files.push({
        name: `invoice-${invoice.number}.pdf`,
        content: await renderInvoicePdf(ctx.config, purchase, invoice, tractor, facts),
      });
      for (const note of rows.creditNotes.filter((n) => n.invoiceId === invoice.id)) {
        files.push({
          name: `credit-note-${note.number}.pdf`,
          content: await renderCreditNotePdf(ctx.config, purchase, invoice, note, tractor),
        });
      }
    }
    if (purchase.releaseCode) {
      const g = await gatePassFacts(ctx.db, purchase);
      files.push({
        name: `gate-pass-${purchase.number}.pdf`,
        content: await renderGatePassPdf(ctx.config, purchase, g.tractor, g.yard, g.serial, g.buyer),
      });
    }
  }
  return files;
}
