import type { AuditEntry } from '../../../../domain/admin.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor, AppContext } from '../../lib/context.js';
import { type AuditFilter, auditActions, listAudit } from './audit.repository.js';

export const AUDIT_PAGE = 50;

function requireAdmin(actor: Actor) {
  if (actor.status !== 'admin') throw new AppError('FORBIDDEN', 'Access denied. Admin privileges required.');
}

export async function auditPage(
  ctx: AppContext,
  actor: Actor,
  filter: AuditFilter,
): Promise<{ entries: AuditEntry[]; nextCursor: number | null }> {
  requireAdmin(actor);
  const rows = await listAudit(ctx.db, filter, AUDIT_PAGE + 1);
  const entries = rows.slice(0, AUDIT_PAGE);
  return { entries, nextCursor: rows.length > AUDIT_PAGE ? entries[entries.length - 1].id : null };
}

export async function actions(ctx: AppContext, actor: Actor): Promise<string[]> {
  requireAdmin(actor);
  return auditActions(ctx.db);
}
