import { sql } from 'drizzle-orm';
import type { AuditEntry } from '../../../../domain/admin.js';
import { type Executor, rowsOf } from '../../db/client.js';

export interface AuditFilter {
  /** An exact action ("auth.sign_in") or a family ("auth" matches every "auth.*"). */
  action?: string;
  /** Part of the actor's e-mail, case-insensitive. */
  email?: string;
  beforeId?: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Newest first, keyset paged by id (the log is insert-only and only grows). */
export async function listAudit(exec: Executor, filter: AuditFilter, limit: number): Promise<AuditEntry[]> {
  const result = await exec.execute(sql`
    select id, action, resource_type, actor_email, ip, details, created_at
    from audit_log
    where true
      ${filter.action ? sql`and (action = ${filter.action} or action like ${`${escapeLike(filter.action)}.%`})` : sql``}
      ${filter.email ? sql`and lower(actor_email) like ${`%${escapeLike(filter.email.toLowerCase())}%`}` : sql``}
      ${filter.beforeId ? sql`and id < ${filter.beforeId}` : sql``}
    order by id desc
    limit ${limit}`);
  return rowsOf<{
    id: string | number;
    action: string;
    resource_type: string;
    actor_email: string | null;
    ip: string | null;
    details: unknown;
    created_at: string | Date;
  }>(result).map((r) => ({
    id: Number(r.id),
    action: r.action,
    resourceType: r.resource_type,
    actorEmail: r.actor_email,
    ip: r.ip,
    details: (typeof r.details === 'string' ? JSON.parse(r.details) : (r.details ?? {})) as Record<
      string,
      unknown
    >,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** The distinct actions recorded so far, for the filter's picker. */
export async function auditActions(exec: Executor): Promise<string[]> {
  const result = await exec.execute(sql`select distinct action from audit_log order by action`);
  return rowsOf<{ action: string }>(result).map((r) => r.action);
}
