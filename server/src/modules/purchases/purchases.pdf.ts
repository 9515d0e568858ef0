import QRCode from 'qrcode';
import {
  hoursLine,
  serialLine,
  soldByLine,
  type YardFacts,
  yardLines,
} from '../../../../domain/documents.js';
import { formatDollarsCents } from '../../../../domain/money.js';
import { dateLabel } from '../../../../domain/purchases.js';
import type { AppConfig } from '../../config.js';
import { pdfDocumentClass } from '../../lib/lazy-modules.js';
import type { CreditNoteRow, InvoiceRow, PurchaseRow } from './purchases.repository.js';

// docs/product/purchases.md#documents: the invoice, credit notes and the gate pass, drawn from stored rows
// that never change, so a document downloaded twice prints the same.

const GREEN = '#14532d';
const GREY = '#4b5563';

async function start(config: AppConfig, title: string) {
  const PDFDocument = await pdfDocumentClass();
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 48,
    info: { Title: title, Author: config.brand.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const brand = config.brand;
  doc.fillColor(GREEN).font('Helvetica-Bold').fontSize(20).text(brand.name);
  doc.fillColor(GREY).font('Helvetica').fontSize(9).text(brand.officeAddress);
  doc.text(`${brand.supportPhone} · ${brand.supportEmail}`);
  doc.moveDown(1);
  return { doc, done };
}

function row(doc: PDFKit.PDFDocument, label: string, value: string, bold = false) {
  const y = doc.y;
  doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(11)
    .fillColor('black');
  doc.text(label, 48, y, { width: 340 });
  doc.text(value, 400, y, { width: 164, align: 'right' });
  doc.moveDown(0.3);
  doc.x = 48;
}

function billTo(doc: PDFKit.PDFDocument, inv: InvoiceRow) {
  doc.font('Helvetica-Bold').fontSize(10).fillColor(GREY).text('Bill to');
  doc.font('Helvetica').fontSize(11).fillColor('black').text(inv.billTo.companyName);
  doc.text(inv.billTo.name);
  if (inv.billTo.address) doc.text(inv.billTo.address);
  doc.text(inv.billTo.email);
  if (inv.billTo.resaleCertificate) doc.text(`Resale certificate: ${inv.billTo.resaleCertificate}`);
  doc.moveDown(1);
}

export interface TractorFacts {
  serial: string | null;
  hours: number | null;
  sellerCompany: string | null;
}

export async function renderInvoicePdf(
  config: AppConfig,
  purchase: PurchaseRow,
  inv: InvoiceRow,
  tractor: string,
  facts?: TractorFacts,
): Promise<Buffer> {
  const { doc, done } = await start(config, `Invoice ${inv.number}`);
  doc.fillColor('black').font('Helvetica-Bold').fontSize(16).text(`Invoice ${inv.number}`);
  doc.font('Helvetica').fontSize(10).fillColor(GREY);
  doc.text(`Purchase ${purchase.number} · Issued ${dateLabel(inv.issuedAt.toISOString())}`);
  doc.text(`Due date: ${dateLabel(inv.dueDate)}`);
  doc.moveDown(1);
  billTo(doc, inv);
  doc.font('Helvetica-Bold').fontSize(11).fillColor('black').text(tractor);
  if (facts) {
    doc.font('Helvetica').fontSize(10).fillColor('black');
    doc.text(serialLine(facts.serial));
    doc.text(hoursLine(facts.hours));
    doc.text(soldByLine(facts.sellerCompany, config.brand.name));
  }
  doc.moveDown(0.5);
  for (const line of inv.lines) row(doc, line.label, formatDollarsCents(line.cents));
  doc.moveDown(0.3);
  row(doc, 'Total', formatDollarsCents(inv.totalCents), true);
  row(doc, 'Due date', dateLabel(inv.dueDate), true);
  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(11).fillColor(GREEN).text('Wire instructions', 48);
  doc.font('Helvetica').fontSize(10).fillColor('black').text(config.purchases.wireInstructions);
  doc.text(`Put ${inv.number} in the reference of your transfer.`);
  doc.moveDown(1);
  doc
    .fillColor(GREY)
    .fontSize(9)
    .text('This invoice never changes; a correction is issued as a credit note.');
  doc.end();
  return done;
}

export async function renderCreditNotePdf(
  config: AppConfig,
  purchase: PurchaseRow,
  inv: InvoiceRow,
  note: CreditNoteRow,
  tractor: string,
): Promise<Buffer> {
  const { doc, done } = await start(config, `Credit note ${note.number}`);
  doc.fillColor('black').font('Helvetica-Bold').fontSize(16).text(`Credit note ${note.number}`);
  doc.font('Helvetica').fontSize(10).fillColor(GREY);
  doc.text(
    `Against invoice ${inv.number} · Purchase ${purchase.number} · Issued ${dateLabel(note.issuedAt.toISOString())}`,
  );
  doc.moveDown(1);
  billTo(doc, inv);
  doc.font('Helvetica-Bold').fontSize(11).fillColor('black').text(tractor);
  doc.moveDown(0.5);
  row(doc, note.reason, `-${formatDollarsCents(note.amountCents)}`);
  row(doc, 'Credit', formatDollarsCents(note.amountCents), true);
  doc.end();
  return done;
}

export async function renderGatePassPdf(
  config: AppConfig,
  purchase: PurchaseRow,
  tractor: string,
  yard: YardFacts,
  serial: string | null,
  buyer: { companyName: string; name: string },
): Promise<Buffer> {
  const { doc, done } = await start(config, `Gate pass ${purchase.number}`);
  doc.fillColor('black').font('Helvetica-Bold').fontSize(22).text('Gate pass / release');
  doc.moveDown(0.5);
  doc.fontSize(12).font('Helvetica').text(`Purchase ${purchase.number}`);
  doc.text(tractor);
  doc.text(serialLine(serial));
  for (const line of yardLines(yard)) doc.text(line);
  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(12).text('Release code');
  doc
    .font('Helvetica-Bold')
    .fontSize(36)
    .fillColor(GREEN)
    .text(purchase.releaseCode ?? '');
  if (purchase.releaseCode) {
    // The yard scans the code instead of typing it (docs/product/documents.md).
    const png = await QRCode.toBuffer(purchase.releaseCode, { type: 'png', margin: 1, width: 240 });
    doc.image(png, 400, 120, { width: 120 });
  }
  doc.moveDown(0.5);
  doc.fillColor('black').font('Helvetica').fontSize(11);
  doc.text(`Released to ${buyer.companyName} (${buyer.name})`);
  if (purchase.releasedAt) doc.text(`Released ${dateLabel(purchase.releasedAt.toISOString())}`);
  if (purchase.carrier) doc.text(`Carrier: ${purchase.carrier}`);
  if (purchase.pickupDate) doc.text(`Pickup date: ${dateLabel(purchase.pickupDate)}`);
  doc.moveDown(1);
  doc.fillColor(GREY).fontSize(9).text('The yard hands the tractor over only against this release code.');
  doc.end();
  return done;
}
