import type { CreateInspector } from '../../../../domain/inspection-api.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import { hashPassword } from '../../lib/password-hash.js';
import { createUser } from '../users/index.js';
import * as repo from './inspections.repository.js';
import { assertAdmin } from './inspections.service.js';

// Inspector accounts: created and listed by admins.
const EMAIL_TAKEN = 'An account with this e-mail already exists';

export async function createInspector(
  ctx: AppContext,
  actor: Actor,
  input: CreateInspector,
  info: RequestInfo,
) {
  assertAdmin(actor);
  const email = String(input.email);
  if (await repo.emailTaken(ctx.db, email))
    throw new AppError('CONFLICT', EMAIL_TAKEN, { fields: { email: EMAIL_TAKEN } });
  const created = await createUser(ctx.db, {
    name: input.name,
    email,
    companyName: input.companyName ?? 'FieldLot',
    passwordHash: await hashPassword(input.password),
    status: 'inspector',
    emailNotifications: false,
  });
  if (!created) throw new AppError('CONFLICT', EMAIL_TAKEN, { fields: { email: EMAIL_TAKEN } });
  await audit(ctx.db, {
    action: 'user.inspector_created',
    resourceType: 'user',
    actorUserId: actor.userId,
    actorEmail: actor.email,
    details: { userId: created.id, email },
    request: info,
  });
  return { ...created, createdAt: created.createdAt.toISOString() };
}

export async function listInspectors(ctx: AppContext, actor: Actor) {
  assertAdmin(actor);
  const rows = await repo.inspectorsList(ctx.db);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
