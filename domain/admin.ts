import { z } from 'zod';

/** Request and response shapes of the admin panel's API (stats, audit log, outbox), shared by the server and the SPA. */

export const adminStatsSchema = z.object({
  totalUsers: z.number(),
  pendingReview: z.number(),
  approvedUsers: z.number(),
  administrators: z.number(),
  /** Offers and buy-now requests waiting for an admin's answer (status pending): the Offers tab's count. */
  offersNeedingAction: z.number(),
  /** Dealers' listings submitted and waiting for FieldLot's review (docs/product/admin.md#count-cards). */
  listingsInReview: z.number(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

// ---------------------------------------------------------------- audit log

export const auditEntrySchema = z.object({
  id: z.number(),
  action: z.string(),
  resourceType: z.string(),
  actorEmail: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuery = z.object({
  action: z.string().trim().max(100).optional(),
  email: z.string().trim().max(254).optional(),
  before: z.coerce.number().int().positive().optional(),
});
export const auditPageResponse = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: z.number().nullable(),
});
export type AuditPage = z.infer<typeof auditPageResponse>;
export const auditActionsResponse = z.object({ actions: z.array(z.string()) });
export type AuditActions = z.infer<typeof auditActionsResponse>;

/**
 * The nightly check of the audit log's hash chain (docs/product/security.md#audit-log): the last run that passed
 * ("Audit: verified through <time>") and, when the latest run failed, what it found.
 */
export const auditVerificationResponse = z.object({
  /** created_at of the last row the latest passing run checked (or when it ran, on an empty log). */
  verifiedThrough: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  lastRunOk: z.boolean().nullable(),
  /** The latest run's findings when it failed, first first. */
  problems: z.array(z.string()),
});
export type AuditVerification = z.infer<typeof auditVerificationResponse>;

const auditDay = (label: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${label}: enter a date`);

/** A period of whole UTC days, both included, exported as CSV or JSON with the chain's hashes. */
export const auditExportQuery = z
  .object({ from: auditDay('From'), to: auditDay('To'), format: z.enum(['csv', 'json']).default('csv') })
  .refine((q) => q.from <= q.to, { message: 'The start must not be after the end', path: ['to'] });
export type AuditExportQuery = z.input<typeof auditExportQuery>;

export const auditExportRowSchema = z.object({
  id: z.number(),
  chainSeq: z.number(),
  createdAt: z.string(),
  action: z.string(),
  resourceType: z.string(),
  actorUserId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  prevHash: z.string(),
  rowHash: z.string(),
});

export const auditExportResponse = z.object({
  from: z.string(),
  to: z.string(),
  exportedAt: z.string(),
  /** How each rowHash is computed, so the file can be checked without FieldLot. */
  hashing: z.string(),
  rows: z.array(auditExportRowSchema),
});
export type AuditExport = z.infer<typeof auditExportResponse>;

// ---------------------------------------------------------------- outbox

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const outboxMessageSchema = z.object({
  id: z.number(),
  template: z.string(),
  /** Rendered from the stored payload ('' when the template cannot render it). */
  subject: z.string(),
  recipient: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** One queued or sent e-mail as it renders (sign-in tokens in links are hidden from admins). */
export const renderedOutboxMessageSchema = outboxMessageSchema.extend({ html: z.string(), text: z.string() });
export type RenderedOutboxMessage = z.infer<typeof renderedOutboxMessageSchema>;

export const outboxQuery = z.object({
  status: z.enum(OUTBOX_STATUSES).optional(),
  before: z.coerce.number().int().positive().optional(),
});
export const outboxPageResponse = z.object({
  messages: z.array(outboxMessageSchema),
  nextCursor: z.number().nullable(),
});
export type OutboxPage = z.infer<typeof outboxPageResponse>;
export const outboxMessageParams = z.object({ messageId: z.coerce.number().int().positive() });
export const retryResponse = z.object({ queued: z.literal(true) });
export const mailTemplatesResponse = z.object({ templates: z.array(z.string()) });
