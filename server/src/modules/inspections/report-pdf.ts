import {
  ANNOUNCEMENTS,
  ENGINE_SOUND_LABEL,
  GRADE_RULE_TEXT,
  gradeLabel,
  INSPECTION_SECTIONS,
  RATING_LABELS,
  sectionSummary,
  TYRE_POSITIONS,
} from '../../../../domain/inspection.js';
import type { AppContext } from '../../lib/context.js';
import { pdfDocumentClass, sharpModule } from '../../lib/lazy-modules.js';
import { storageFor } from '../../lib/storage.js';
import { variantKey } from '../listings/index.js';
import * as repo from './inspections.repository.js';

const GREEN = '#14532d';
const GREY = '#4b5563';
const RATING_COLOURS = { ok: '#15803d', monitor: '#b45309', repair: '#b91c1c', na: '#6b7280' } as const;

/** A stored WebP variant as JPEG (PDFKit embeds only JPEG and PNG); null when it cannot be read. */
async function jpegOf(ctx: AppContext, storageKey: string, width: 400 | 800): Promise<Buffer | null> {
  const data = await storageFor(ctx.config).get(variantKey(storageKey, width));
  if (!data) return null;
  try {
    const sharp = await sharpModule();
    return await sharp(data).jpeg({ quality: 75 }).toBuffer();
  } catch {
    return null;
  }
}

const dateText = (d: Date) =>
  d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * The condition report as a PDF: FieldLot's details, the tractor and its photos, grade, announcements first,
 * identification, tyres, every section with its checkpoints and notes, inspection photos, and "How we grade".
 */
export async function renderReportPdf(
  ctx: AppContext,
  listing: repo.ListingRow,
  revision: repo.RevisionRow,
  /** "Hours corrected from … at inspection" (docs/decisions/0042-hours-corrected-at-inspection.md). */
  hoursNotice: string | null = null,
): Promise<Buffer> {
  const brand = ctx.config.brand;
  const tractorPhotos = await repo.listingImageKeys(ctx.db, listing.id, 3);
  const tractorJpegs = (await Promise.all(tractorPhotos.map((p) => jpegOf(ctx, p.storageKey, 800)))).filter(
    (b): b is Buffer => b !== null,
  );
  const checkpointPhotos = (
    await Promise.all(
      revision.photos
        .filter((p) => !p.mediaType)
        .slice(0, 12)
        .map(async (p) => ({ p, jpeg: await jpegOf(ctx, p.storageKey, 400) })),
    )
  ).filter((x): x is { p: (typeof revision.photos)[number]; jpeg: Buffer } => x.jpeg !== null);

  const PDFDocument = await pdfDocumentClass();
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 48,
    info: {
      Title: `Condition report: ${listing.year} ${listing.make} ${listing.model}`,
      Author: brand.name,
      Subject: `Revision ${revision.number}`,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const grade = revision.gradeTenths / 10;
  const width = doc.page.width - 96;

  // Letterhead: FieldLot's details.
  doc.fillColor(GREEN).font('Helvetica-Bold').fontSize(20).text(brand.name, { continued: false });
  doc
    .fillColor(GREY)
    .font('Helvetica')
    .fontSize(9)
    .text(`${brand.officeAddress} · ${brand.supportPhone} · ${brand.supportEmail}`);
  doc.moveDown(0.8);
  doc.fillColor('black').font('Helvetica-Bold').fontSize(16).text('Condition Report');
  doc
    .font('Helvetica')
    .fontSize(12)
    .text(`${listing.year} ${listing.make} ${listing.model} · ${listing.location}`);
  doc.moveDown(0.4);
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .fillColor(GREEN)
    .text(`Grade ${grade.toFixed(1)} of 5 (${gradeLabel(grade)})`);
  doc
    .fillColor(GREY)
    .font('Helvetica')
    .fontSize(10)
    .text(
      `Inspected ${dateText(revision.publishedAt)} by ${revision.inspectorName} · Revision ${revision.number} · Serial/PIN ${revision.serial} · Hour meter ${revision.hourMeter.toLocaleString('en-US')} h`,
    );
  if (hoursNotice) doc.fillColor(GREEN).font('Helvetica-Bold').text(hoursNotice);
  doc.moveDown(0.6);

  if (tractorJpegs.length) {
    const w = (width - 8 * (tractorJpegs.length - 1)) / tractorJpegs.length;
    const y = doc.y;
    tractorJpegs.forEach((jpeg, i) => {
      doc.image(jpeg, 48 + i * (w + 8), y, { fit: [w, 150], align: 'center', valign: 'center' });
    });
    doc.y = y + 158;
    doc.x = 48;
  }

  const heading = (text: string) => {
    if (doc.y > doc.page.height - 120) doc.addPage();
    doc.moveDown(0.6).fillColor(GREEN).font('Helvetica-Bold').fontSize(12).text(text, 48);
    doc.fillColor('black').font('Helvetica').fontSize(10);
  };

  heading('Announcements');
  const announced = ANNOUNCEMENTS.filter((a) => revision.announcements.includes(a.id));
  if (announced.length === 0) doc.text('None: no announcement applies to this tractor.');
  for (const a of announced)
    doc
      .fillColor('#b91c1c')
      .text(`• ${a.label} (grade at most ${a.cap.toFixed(1)})`)
      .fillColor('black');

  heading('Tyres or tracks: tread');
  const treads = TYRE_POSITIONS.filter((p) => revision.treads[p.id] !== undefined).map(
    (p) => `${p.label}: ${revision.treads[p.id]}%`,
  );
  doc.text(treads.length ? treads.join('   ') : 'No tread readings.');
  // A page cannot play it: the report says there is one, and where to hear it.
  if (revision.photos.some((p) => p.mediaType)) {
    heading(ENGINE_SOUND_LABEL);
    doc.text('Recorded at the inspection with the engine running: play it on the report on FieldLot.');
  }

  for (const section of INSPECTION_SECTIONS) {
    heading(`${section.title}: ${sectionSummary(section.id, ratingsOnly(revision))}`);
    for (const c of section.checkpoints) {
      const answer = revision.ratings[c.id];
      if (!answer) continue;
      if (doc.y > doc.page.height - 70) doc.addPage();
      const rating = answer.rating as keyof typeof RATING_COLOURS;
      const y = doc.y;
      doc.fillColor('black').text(c.label, 56, y, { width: width - 110 });
      const after = doc.y;
      doc
        .fillColor(RATING_COLOURS[rating])
        .font('Helvetica-Bold')
        .text(RATING_LABELS[rating], 48 + width - 90, y, {
          width: 90,
          align: 'right',
        });
      doc.font('Helvetica').fillColor('black');
      doc.y = Math.max(after, doc.y);
      if (answer.note) doc.fillColor(GREY).text(`Note: ${answer.note}`, 68, doc.y, { width: width - 20 });
      doc.fillColor('black');
    }
  }

  if (checkpointPhotos.length) {
    heading('Inspection photos');
    const size = (width - 24) / 4;
    let col = 0;
    let y = doc.y + 4;
    for (const { p, jpeg } of checkpointPhotos) {
      if (y + size + 20 > doc.page.height - 48) {
        doc.addPage();
        y = 48;
        col = 0;
      }
      const x = 48 + col * (size + 8);
      doc.image(jpeg, x, y, { fit: [size, size * 0.75], align: 'center', valign: 'center' });
      const label = INSPECTION_SECTIONS.flatMap((s) => s.checkpoints).find(
        (c) => c.id === p.checkpointId,
      )?.label;
      doc
        .fontSize(7)
        .fillColor(GREY)
        .text(label ?? '', x, y + size * 0.75 + 2, { width: size });
      doc.fontSize(10).fillColor('black');
      col = (col + 1) % 4;
      if (col === 0) y += size * 0.75 + 22;
    }
    doc.y = y + (col === 0 ? 0 : size * 0.75 + 22);
    doc.x = 48;
  }

  heading('How we grade');
  for (const line of GRADE_RULE_TEXT) doc.text(line, { width, paragraphGap: 3 });
  doc.moveDown(0.8);
  doc
    .fillColor(GREY)
    .fontSize(8)
    .text(
      `${brand.name} · ${brand.officeAddress} · ${brand.supportEmail}. This report describes the tractor as inspected on ${dateText(revision.publishedAt)}; revision ${revision.number}.`,
      { width },
    );
  doc.end();
  return done;
}

function ratingsOnly(revision: repo.RevisionRow) {
  return Object.fromEntries(
    Object.entries(revision.ratings).map(([id, a]) => [id, a.rating as keyof typeof RATING_COLOURS]),
  );
}
