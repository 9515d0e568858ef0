/**
 * Heavy libraries that only some requests need, loaded on first use instead of at start (decision 0023): an
 * instance that serves the inventory never pays tens of MB of memory for PDF, image or S3 code it does not run.
 * Each loads once; later calls get the same module.
 */
const loadPdfkit = () => import('pdfkit').then((m) => m.default);
const loadSharp = () => import('sharp').then((m) => m.default);
const loadS3 = () => import('@aws-sdk/client-s3');

let pdfkit: ReturnType<typeof loadPdfkit> | undefined;
let sharp: ReturnType<typeof loadSharp> | undefined;
let s3: ReturnType<typeof loadS3> | undefined;

/** PDFKit's document class. */
export function pdfDocumentClass() {
  pdfkit ??= loadPdfkit();
  return pdfkit;
}

/** sharp's factory function. */
export function sharpModule() {
  sharp ??= loadSharp();
  return sharp;
}

/** The S3 SDK (only with S3 storage configured). */
export function s3Module() {
  s3 ??= loadS3();
  return s3;
}
