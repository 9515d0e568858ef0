import { eq } from 'drizzle-orm';
import { normalizeEmail } from '../../../../domain/email.js';
import { users } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import type { AppContext } from '../../lib/context.js';
import { randomToken } from '../../lib/crypto.js';
import { hashPassword, verifyPassword } from '../../lib/password-hash.js';
import { revokeUserSessions } from '../../lib/sessions.js';

export interface AdminResult {
  email: string;
  generatedPassword?: string;
}

type AdminCtx = Pick<AppContext, 'db' | 'clock' | 'config'>;

/**
 * docs/product/accounts.md#account-status: the first administrator comes from ADMIN_EMAIL / ADMIN_PASSWORD at start. In demo mode
 * without them, a demo admin is created with a generated password that is printed once.
 * Restarting with the same settings changes nothing (and so signs nobody out).
 */
export async function ensureConfiguredAdmin(ctx: AdminCtx): Promise<AdminResult | null> {
  const email = ctx.config.adminEmail ?? (ctx.config.demo ? 'admin@fieldlot.example' : undefined);
  if (!email) return null;
  const [existing] = await ctx.db
    .select({ id: users.id, status: users.status, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  const configured = ctx.config.adminPassword;
  if (existing) {
    const samePassword =
      !configured ||
      (existing.passwordHash !== null && (await verifyPassword(existing.passwordHash, configured)));
    if (samePassword) {
      if (existing.status !== 'admin') {
        await ctx.db
          .update(users)
          .set({ status: 'admin', updatedAt: ctx.clock.now() })
          .where(eq(users.id, existing.id));
        await audit(ctx.db, { action: 'admin.bootstrap', details: { email, promoted: true } });
      }
      return { email };
    }
  }
  const password = configured ?? `Fl-${randomToken(12)}!9`;
  await createOrPromoteAdmin(ctx, { email, password, name: 'FieldLot Admin' });
  return { email, generatedPassword: configured ? undefined : password };
}

/**
 * Creates the administrator, or makes an existing account one with this password. A changed password
 * ends the account's sessions, as a reset does.
 */
export async function createOrPromoteAdmin(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  input: { email: string; password: string; name: string },
): Promise<{ id: string; created: boolean }> {
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    const [row] = await tx
      .insert(users)
      .values({ email, name: input.name, companyName: 'FieldLot', status: 'admin', passwordHash })
      .onConflictDoUpdate({
        target: users.email,
        set: { status: 'admin', passwordHash, updatedAt: ctx.clock.now() },
      })
      .returning({ id: users.id });
    if (before) await revokeUserSessions(tx, row.id);
    await audit(tx, { action: 'admin.bootstrap', details: { email, created: !before } });
    return { id: row.id, created: !before };
  });
}
