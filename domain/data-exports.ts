import { z } from 'zod';

/**
 * "Download all our data" (docs/product/accounts.md#download-all-our-data, decision 0082): the owner of a
 * dealership asks, a background job builds a ZIP, and an e-mailed link downloads it once within 7 days.
 */

/** How long the e-mailed link works. */
export const DATA_EXPORT_LINK_DAYS = 7;
/** Exports a dealership may ask for in a day: each one reads every record it has. */
export const DATA_EXPORTS_PER_DAY = 5;

export const DATA_EXPORT_TEXT = {
  title: 'Download all our data',
  intro:
    'A ZIP file with everything FieldLot holds about your dealership and its members: JSON files of every record, spreadsheets (CSV) of offers, purchases and the ledger, and your invoices, credit notes, gate passes and condition reports as PDFs.',
  request: 'Request a download',
  requesting: 'Requesting...',
  queued: 'We are preparing your file. We will e-mail you a link when it is ready.',
  ready: 'We e-mailed you a link. It works once, for 7 days.',
  downloaded: 'Your last file was downloaded. Request a new one whenever you need it.',
  expired: 'The link of your last file has expired. Request a new one.',
  failed: 'We could not prepare your file. Please request it again.',
  notOwner: "Only your dealership's owner can download all its data.",
  tooMany: 'Your dealership asked for 5 downloads today. Please try again tomorrow.',
  linkInvalid:
    'This download link is invalid, has expired or was already used. Request a new one from My Account.',
  pageTitle: 'Your data is ready',
  pageBody: 'The link works once: the download starts when you press the button.',
  download: 'Download the ZIP file',
  downloading: 'Downloading...',
  done: 'Your download has started. This link cannot be used again.',
} as const;

export const DATA_EXPORT_STATES = ['queued', 'building', 'ready', 'downloaded', 'expired', 'failed'] as const;
export type DataExportState = (typeof DATA_EXPORT_STATES)[number];

export const dataExportView = z
  .object({
    id: z.string(),
    state: z.enum(DATA_EXPORT_STATES),
    requestedAt: z.string(),
    readyAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
  })
  .meta({ id: 'DataExport' });
export type DataExportView = z.infer<typeof dataExportView>;

export const dataExportResponse = z.object({ export: dataExportView.nullable() });
export type DataExportResponse = z.infer<typeof dataExportResponse>;

export const dataExportDownloadBody = z.object({ token: z.string().min(20).max(200) });
