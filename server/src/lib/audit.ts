import type { Executor } from '../db/client.js';
import { auditLog } from '../db/schema.js';
import type { RequestInfo } from './context.js';

export const USER_AGENT_MAX = 500;

export interface AuditEntry {
  action: string;
  resourceType?: string;
  actorUserId?: string | null;
  actorEmail?: string | null;
  /** Never put secrets (passwords, tokens) here. */
  details?: Record<string, unknown>;
  request?: RequestInfo;
}

/** Audit rows are insert-only; write them in the same transaction as the change when there is one. */
export async function audit(exec: Executor, entry: AuditEntry): Promise<void> {
  await exec.insert(auditLog).values({
    action: entry.action,
    resourceType: entry.resourceType ?? 'security',
    actorUserId: entry.actorUserId ?? null,
    actorEmail: entry.actorEmail ?? null,
    ip: entry.request?.ip ?? null,
    details: {
      ...entry.details,
      timestamp: new Date().toISOString(),
      userAgent: entry.request?.userAgent.slice(0, USER_AGENT_MAX),
    },
  });
}
