import { z } from 'zod';

export const USER_STATUSES = ['pending', 'rejected', 'approved', 'admin', 'inspector'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export type AppRole = 'admin' | 'dealer' | 'inspector' | 'user';

/** SPEC.md section 4: admin gives admin; approved gives dealer; anything else (missing counts as pending) gives user. */
export function roleOf(status: string | null | undefined): AppRole {
  if (status === 'admin') return 'admin';
  if (status === 'approved') return 'dealer';
  // Staff who write condition reports (issue 12): no dealer rights.
  if (status === 'inspector') return 'inspector';
  return 'user';
}

/** Admin also counts as dealer. */
export function hasDealerRights(status: string | null | undefined): boolean {
  return status === 'approved' || status === 'admin';
}

/** Who may sign in: dealers, admins and inspectors (staff who write condition reports). */
export function canSignIn(status: string | null | undefined): boolean {
  return hasDealerRights(status) || status === 'inspector';
}

/** What an admin can set a user's status to. */
export type StatusAction = 'approved' | 'rejected';

/** Approve is offered unless already approved; reject unless already rejected; admins get no actions. */
export function allowedStatusActions(status: UserStatus): StatusAction[] {
  if (status === 'admin' || status === 'inspector') return [];
  const actions: StatusAction[] = [];
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
  role: z.enum(['admin', 'dealer', 'inspector', 'user']),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** A dealer's own account (GET and PATCH /api/users/me). */
export interface AccountProfile {
  id: string;
  name: string;
  email: string;
  companyName: string;
  status: UserStatus;
  emailNotifications: boolean;
}

export interface BrandPreference {
  id: string;
  brandName: string;
}

/** A row of the admin Users tab (GET /api/admin/users), with the status actions it offers. */
export interface DealerApplication {
  id: string;
  name: string;
  email: string;
  companyName: string;
  desiredBrand1: string | null;
  status: UserStatus;
  createdAt: string;
  actions: StatusAction[];
}

export interface ApplicationsAnswer {
  users: DealerApplication[];
  counts: { total: number; pending: number; rejected: number; approved: number; admins: number };
}
