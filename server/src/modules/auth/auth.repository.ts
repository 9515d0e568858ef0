import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { UserStatus } from '../../../../domain/users.js';
import type { Executor } from '../../db/client.js';
import { accountColumns } from '../../db/columns.js';
import { authTokens, users } from '../../db/schema.js';

export type TokenKind = 'sign_in' | 'reset';

export interface UserCredentials {
  id: string;
  name: string;
  email: string;
  companyName: string;
  status: UserStatus;
  passwordHash: string | null;
}

async function findUser(exec: Executor, where: SQL): Promise<UserCredentials | null> {
  const rows = await exec
    .select({ ...accountColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(where)
    .limit(1);
  return rows[0] ?? null;
}

export const findUserByEmail = (exec: Executor, email: string) => findUser(exec, eq(users.email, email));
export const findUserById = (exec: Executor, id: string) => findUser(exec, eq(users.id, id));

/** Stores a new one-time token (its hash) and voids every older unused token of the same kind. */
/** Unused tokens of one kind of a user (a new one replaces them). */
export async function deleteOpenTokens(exec: Executor, userId: string, kind: TokenKind): Promise<void> {
  await exec
    .delete(authTokens)
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
}

export async function replaceToken(
  exec: Executor,
  input: {
    tokenHash: string;
    kind: TokenKind;
    userId: string;
    expiresAt: Date;
    listingId?: string | null;
    redirectTo?: string | null;
  },
): Promise<void> {
  await deleteOpenTokens(exec, input.userId, input.kind);
  await exec.insert(authTokens).values({
    tokenHash: input.tokenHash,
    kind: input.kind,
    userId: input.userId,
    expiresAt: input.expiresAt,
    listingId: input.listingId ?? null,
    redirectTo: input.redirectTo ?? null,
  });
}

export interface ConsumedToken {
  userId: string;
  listingId: string | null;
  redirectTo: string | null;
}

/**
 * Marks a token used in one conditional update, so two requests with the same token cannot both win.
 * With `email`, the token must also belong to that address (the link carries both).
 */
export async function consumeToken(
  exec: Executor,
  input: { tokenHash: string; kind: TokenKind; now: Date; email?: string },
): Promise<ConsumedToken | null> {
  const rows = await exec
    .update(authTokens)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(authTokens.tokenHash, input.tokenHash),
        eq(authTokens.kind, input.kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, input.now),
        input.email
          ? sql`${authTokens.userId} = (select id from users where email = ${input.email})`
          : undefined,
      ),
    )
    .returning({
      userId: authTokens.userId,
      listingId: authTokens.listingId,
      redirectTo: authTokens.redirectTo,
    });
  return rows[0] ?? null;
}
