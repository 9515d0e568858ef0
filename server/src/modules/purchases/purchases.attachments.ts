// docs/decisions/0043-deal-documents.md: the invoice e-mail carries the invoice, the release e-mail the gate
// pass, the credit e-mail the credit note, rendered at send time from the stored (insert-only) rows.
import type { AppContext } from '../../lib/context.js';
import { defineAttachments, type MailAttachment } from '../mail/index.js';
import { gatePassFacts, tractorFacts } from './purchases.documents.js';
import { PURCHASE_UPDATE, type PurchaseMail } from './purchases.mail.js';
import { renderCreditNotePdf, renderGatePassPdf, renderInvoicePdf } from './purchases.pdf.js';
import * as repo from './purchases.repository.js';
import { tractorOf } from './purchases.shared.js';

const pdf = (filename: string, content: Buffer): MailAttachment => ({
  filename: `${filename}.pdf`,
  content,
  contentType: 'application/pdf',
});

async function purchaseAttachments(p: PurchaseMail, ctx: AppContext): Promise<MailAttachment[]> {
  if (!['invoiced', 'released', 'claim_credited'].includes(p.kind) || !p.purchaseId) return [];
  const purchase = await repo.purchaseById(ctx.db, p.purchaseId);
  if (!purchase) return [];
  if (p.kind === 'released') {
    if (!purchase.releaseCode) return [];
    const g = await gatePassFacts(ctx.db, purchase);
    return [
      pdf(
        `gate-pass-${purchase.number}`,
        await renderGatePassPdf(ctx.config, purchase, g.tractor, g.yard, g.serial, g.buyer),
      ),
    ];
  }
  const invoice = await repo.invoiceOf(ctx.db, purchase.id);
  if (!invoice) return [];
  const tractor = await tractorOf(ctx.db, purchase.listingId);
  if (p.kind === 'invoiced') {
    const facts = await tractorFacts(ctx.db, purchase.listingId);
    return [
      pdf(`invoice-${invoice.number}`, await renderInvoicePdf(ctx.config, purchase, invoice, tractor, facts)),
    ];
  }
  const note = await repo.latestCreditNote(ctx.db, purchase.id);
  if (!note) return [];
  return [
    pdf(
      `credit-note-${note.number}`,
      await renderCreditNotePdf(ctx.config, purchase, invoice, note, tractor),
    ),
  ];
}

defineAttachments(PURCHASE_UPDATE, purchaseAttachments);
