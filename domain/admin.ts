/** Response shapes of the admin panel's API (stats, audit log, outbox), shared by the server and the SPA. */

export interface AdminStats {
  totalUsers: number;
  pendingReview: number;
  approvedUsers: number;
  administrators: number;
  /** Offers and buy-now requests waiting for an admin's answer (status pending): the Offers tab's count. */
  offersNeedingAction: number;
}

export interface AuditEntry {
  id: number;
  action: string;
  resourceType: string;
  actorEmail: string | null;
  ip: string | null;
  details: Record<string, unknown>;
  createdAt: string;
}

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export interface OutboxMessage {
  id: number;
  template: string;
  /** Rendered from the stored payload ('' when the template cannot render it). */
  subject: string;
  recipient: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  nextAttemptAt: string;
  sentAt: string | null;
}

/** One queued or sent e-mail as it renders (sign-in tokens in links are hidden from admins). */
export interface RenderedOutboxMessage extends OutboxMessage {
  html: string;
  text: string;
}
