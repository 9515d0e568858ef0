import { z } from 'zod';

export const USER_STATUSES = ['pending', 'rejected', 'approved', 'admin'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export type AppRole = 'admin' | 'dealer' | 'user';

/** SPEC.md section 4: admin gives admin; approved gives dealer; anything else (missing counts as pending) gives user. */
export function roleOf(status: string | null | undefined): AppRole {
  if (status === 'admin') return 'admin';
  if (status === 'approved') return 'dealer';
  return 'user';
}

/** Admin also counts as dealer. */
export function hasDealerRights(status: string | null | undefined): boolean {
  return status === 'approved' || status === 'admin';
}

/** Approve is offered unless already approved; reject unless already rejected; admins get no actions. */
export function allowedStatusActions(status: UserStatus): Array<'approved' | 'rejected'> {
  if (status === 'admin') return [];
  const actions: Array<'approved' | 'rejected'> = [];
  if (status !== 'approved') actions.push('approved');
  if (status !== 'rejected') actions.push('rejected');
  return actions;
}

export const NAME_MAX = 120;
export const COMPANY_MAX = 160;

export const nameSchema = z
  .string()
  .trim()
  .min(1, 'Full Name is required')
  .max(NAME_MAX, 'Full Name is too long');
export const companySchema = z
  .string()
  .trim()
  .min(1, 'Company Name is required')
  .max(COMPANY_MAX, 'Company Name is too long');

/** The public shape of the signed-in user. */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  companyName: z.string(),
  status: z.enum(USER_STATUSES),
  role: z.enum(['admin', 'dealer', 'user']),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
