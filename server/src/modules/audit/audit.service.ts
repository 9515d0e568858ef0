import type { AuditEntry } from '../../../../domain/admin.js';
import { requireRole } from '../../lib/access.js';
import type { Actor, AppContext } from '../../lib/context.js';
import { type AuditFilter, auditActions, listAudit } from './audit.repository.js';

export const AUDIT_PAGE = 50;

export async function auditPage(
  ctx: AppContext,
  actor: Actor,
  filter: AuditFilter,
): Promise<{ entries: AuditEntry[]; nextCursor: number | null }> {
  requireRole(actor, 'admin');
  const rows = await listAudit(ctx.db, filter, AUDIT_PAGE + 1);
  const entries = rows.slice(0, AUDIT_PAGE);
  return { entries, nextCursor: rows.length > AUDIT_PAGE ? entries[entries.length - 1].id : null };
}

export async function actions(ctx: AppContext, actor: Actor): Promise<string[]> {
  requireRole(actor, 'admin');
  return auditActions(ctx.db);
}
