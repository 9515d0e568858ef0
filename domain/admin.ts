/** Response shapes of the admin panel's API (stats, audit log, outbox), shared by the server and the SPA. */

export interface AdminStats {
  totalUsers: number;
  pendingReview: number;
  approvedUsers: number;
  administrators: number;
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
  recipient: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  nextAttemptAt: string;
  sentAt: string | null;
}
