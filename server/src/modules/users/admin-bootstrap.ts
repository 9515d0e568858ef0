import { eq } from 'drizzle-orm';
import { normalizeEmail } from '../../../../domain/email.js';
import { users } from '../../db/schema.js';
import type { AppContext } from '../../lib/context.js';
import { randomToken } from '../../lib/crypto.js';
import { hashPassword } from '../../lib/password-hash.js';

export interface AdminResult {
  email: string;
  generatedPassword?: string;
}

/**
 * DECISIONS.md: the first administrator comes from ADMIN_EMAIL / ADMIN_PASSWORD at start. In demo mode
 * without them, a demo admin is created with a generated password that is printed once.
 */
export async function ensureConfiguredAdmin(ctx: AppContext): Promise<AdminResult | null> {
  const email = ctx.config.adminEmail ?? (ctx.config.demo ? 'admin@fieldlot.example' : undefined);
  if (!email) return null;
  const existing = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  if (existing.length > 0 && !ctx.config.adminPassword) return { email };
  const password = ctx.config.adminPassword ?? `Fl-${randomToken(12)}!9`;
  await createOrPromoteAdmin(ctx, { email, password, name: 'FieldLot Admin' });
  return { email, generatedPassword: ctx.config.adminPassword ? undefined : password };
}

export async function createOrPromoteAdmin(
  ctx: AppContext,
  input: { email: string; password: string; name: string },
): Promise<void> {
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  await ctx.db
    .insert(users)
    .values({ email, name: input.name, companyName: 'FieldLot', status: 'admin', passwordHash })
    .onConflictDoUpdate({
      target: users.email,
      set: { status: 'admin', passwordHash, updatedAt: ctx.clock.now() },
    });
}
