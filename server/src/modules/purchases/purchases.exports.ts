// A dealership's "Download all our data" (docs/product/accounts.md#download-all-our-data): the documents of the
// purchases it made, drawn by the same builders the document routes use, so the files are the ones it downloads.
import type { AppContext } from '../../lib/context.js';
import { gatePassFacts, tractorFacts } from './purchases.documents.js';
import { renderCreditNotePdf, renderGatePassPdf, renderInvoicePdf } from './purchases.pdf.js';
import * as repo from './purchases.repository.js';
import { tractorOf } from './purchases.shared.js';

export interface DocumentFile {
  name: string;
  content: Buffer;
}

/**
 * The invoice, credit notes and gate pass of each purchase, as its buyer reads them. The caller scopes the ids to
 * the buyer's dealership: there is no access check here.
 */
export async function boughtPurchaseDocuments(
  ctx: AppContext,
  purchaseIds: string[],
): Promise<DocumentFile[]> {
  const files: DocumentFile[] = [];
  for (const id of purchaseIds) {
    const purchase = await repo.purchaseById(ctx.db, id);
    if (!purchase) continue;
    const invoice = await repo.invoiceOf(ctx.db, id);
    if (invoice) {
      const tractor = await tractorOf(ctx.db, purchase.listingId);
      const facts = await tractorFacts(ctx.db, purchase.listingId);
      files.push({
        name: `invoice-${invoice.number}.pdf`,
        content: await renderInvoicePdf(ctx.config, purchase, invoice, tractor, facts),
      });
      for (const note of await repo.creditNotesOfInvoice(ctx.db, invoice.id)) {
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
