import { desc, eq, sql } from 'drizzle-orm';
import type { AccountProfile, DealerApplication, UserStatus } from '../../../../domain/users.js';
import type { Executor } from '../../db/client.js';
import { accountColumns } from '../../db/columns.js';
import { users } from '../../db/schema.js';

export interface NewApplicant {
  name: string;
  email: string;
  companyName: string;
  passwordHash: string;
  desiredBrand1: string | null;
}

/** Inserts a pending applicant; null when the e-mail is already registered (nothing is changed then). */
export async function insertApplicant(exec: Executor, input: NewApplicant): Promise<string | null> {
  const rows = await exec
    .insert(users)
    .values({ ...input, status: 'pending' })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return rows[0]?.id ?? null;
}

export async function findNameByEmail(exec: Executor, email: string) {
  const rows = await exec
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return rows[0] ?? null;
}

/** The e-mail addresses of every admin (who get the new-application, offer and inquiry mails). */
export async function adminEmails(exec: Executor): Promise<string[]> {
  const rows = await exec.select({ email: users.email }).from(users).where(eq(users.status, 'admin'));
  return rows.map((r) => r.email);
}

export async function findProfile(exec: Executor, userId: string): Promise<AccountProfile | null> {
  const rows = await exec
    .select({
      ...accountColumns,
      emailNotifications: users.emailNotifications,
      resaleCertificate: users.resaleCertificate,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] ?? null;
}

/** Only the fields a dealer may change about themselves (docs/product/accounts.md#my-account: name and company; the mail switch). */
export async function updateProfile(
  exec: Executor,
  userId: string,
  input: { name: string; companyName: string; emailNotifications?: boolean; resaleCertificate?: string },
  now: Date,
) {
  await exec
    .update(users)
    .set({
      name: input.name,
      companyName: input.companyName,
      ...(input.emailNotifications === undefined ? {} : { emailNotifications: input.emailNotifications }),
      // An empty field clears the number (docs/decisions/0043-deal-documents.md).
      ...(input.resaleCertificate === undefined
        ? {}
        : { resaleCertificate: input.resaleCertificate || null }),
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

export type ApplicationRow = Omit<DealerApplication, 'createdAt' | 'actions'> & { createdAt: Date };

export async function listApplications(exec: Executor): Promise<ApplicationRow[]> {
  const rows = await exec
    .select({ ...accountColumns, desiredBrand1: users.desiredBrand1, createdAt: users.createdAt })
    .from(users)
    .orderBy(desc(users.createdAt), desc(users.id));
  return rows;
}

export async function countByStatus(exec: Executor): Promise<Record<UserStatus, number>> {
  const rows = await exec
    .select({ status: users.status, n: sql<number>`count(*)::int` })
    .from(users)
    .groupBy(users.status);
  const counts: Record<UserStatus, number> = { pending: 0, rejected: 0, approved: 0, admin: 0, inspector: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

/** Locks the row for the status change (two admins at once: one waits, then sees the new status). */
export async function lockUserForStatusChange(exec: Executor, userId: string) {
  const rows = await exec
    .select({ id: users.id, name: users.name, email: users.email, status: users.status })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

export async function setStatus(exec: Executor, userId: string, status: UserStatus, now: Date) {
  await exec.update(users).set({ status, updatedAt: now }).where(eq(users.id, userId));
}

/** A new password for the account (reset by link; the auth module calls it through index.ts). */
export async function setPasswordHash(exec: Executor, userId: string, passwordHash: string, now: Date) {
  await exec.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

/**
 * Creates an account that needs no application (a dealership's invited member, an inspector): the one way other
 * modules add users (decision 0026). Null when the address is already registered (nothing is changed then).
 */
export async function createUser(
  exec: Executor,
  row: {
    name: string;
    email: string;
    companyName: string;
    passwordHash: string;
    status: UserStatus;
    emailNotifications?: boolean;
    now?: Date;
  },
): Promise<{ id: string; name: string; email: string; createdAt: Date } | null> {
  const { now, ...values } = row;
  const rows = await exec
    .insert(users)
    .values({ ...values, ...(now ? { createdAt: now, updatedAt: now } : {}) })
    .onConflictDoNothing()
    .returning({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt });
  return rows[0] ?? null;
}

/** The buyer's address as a purchase's bill-to (the purchases module calls it through index.ts). */
export async function setAddress(
  exec: Executor,
  userId: string,
  a: { addressLine: string; city: string; state: string; zip: string },
) {
  await exec
    .update(users)
    .set({ addressLine: a.addressLine, addressCity: a.city, addressState: a.state, addressZip: a.zip })
    .where(eq(users.id, userId));
}

/** E-mail notifications on or off (the notifications module's unsubscribe); the user's e-mail when the row exists. */
export async function setEmailNotifications(
  exec: Executor,
  userId: string,
  on: boolean,
  now: Date,
): Promise<string | null> {
  const [row] = await exec
    .update(users)
    .set({ emailNotifications: on, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  return row?.email ?? null;
}

/** The daily digest went out to these users (the notifications module calls it in the digest's transaction). */
export async function setLastDigestAt(exec: Executor, userIds: string[], now: Date): Promise<void> {
  if (userIds.length === 0) return;
  // One parameter whatever the number of recipients (a list of ids would hit the protocol's parameter limit).
  await exec
    .update(users)
    .set({ lastDigestAt: now })
    .where(sql`${users.id} in (select jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb)::uuid)`);
}
