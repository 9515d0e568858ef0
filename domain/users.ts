import { z } from 'zod';
import { APPLICATION_BRANDS, LISTING_BRANDS } from './brands';
import { emailSchema } from './email';
import { newPasswordSchema } from './password';

export const USER_STATUSES = ['pending', 'rejected', 'approved', 'admin', 'inspector'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export type AppRole = 'admin' | 'dealer' | 'inspector' | 'user';

/** docs/product/accounts.md#account-status: admin gives admin; approved gives dealer; anything else (missing counts as pending) gives user. */
export function roleOf(status: string | null | undefined): AppRole {
  if (status === 'admin') return 'admin';
  if (status === 'approved') return 'dealer';
  // Staff who write condition reports (docs/product/condition-reports.md): no dealer rights.
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
export const STATUS_ACTIONS = ['approved', 'rejected'] as const;
export type StatusAction = (typeof STATUS_ACTIONS)[number];

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
export const accountProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  companyName: z.string(),
  status: z.enum(USER_STATUSES),
  emailNotifications: z.boolean(),
  // The buyer's resale certificate number, printed on its invoices (docs/decisions/0043-deal-documents.md).
  resaleCertificate: z.string().nullable(),
});
export type AccountProfile = z.infer<typeof accountProfileSchema>;

export const brandPreferenceSchema = z.object({ id: z.string(), brandName: z.string() });
export type BrandPreference = z.infer<typeof brandPreferenceSchema>;
export const brandsResponse = z.object({ brands: z.array(brandPreferenceSchema) });
export type BrandsResponse = z.infer<typeof brandsResponse>;

/** A row of the admin Users tab (GET /api/admin/users), with the status actions it offers. */
export const dealerApplicationSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  companyName: z.string(),
  desiredBrand1: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  createdAt: z.string(),
  actions: z.array(z.enum(STATUS_ACTIONS)),
});
export type DealerApplication = z.infer<typeof dealerApplicationSchema>;

export const applicationsAnswerSchema = z.object({
  users: z.array(dealerApplicationSchema),
  counts: z.object({
    total: z.number(),
    pending: z.number(),
    rejected: z.number(),
    approved: z.number(),
    admins: z.number(),
  }),
});
export type ApplicationsAnswer = z.infer<typeof applicationsAnswerSchema>;

// ---------------------------------------------------------------- requests

/** POST /api/users/apply: the dealer application form. */
export const applyBody = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  companyName: companySchema,
  brands: z.array(z.enum(APPLICATION_BRANDS)).max(APPLICATION_BRANDS.length).default([]),
});
export type ApplyBody = z.input<typeof applyBody>;

/** PATCH /api/users/me: the personal information card and the notifications switch. */
export const updateProfileBody = z.strictObject({
  name: nameSchema,
  companyName: companySchema,
  emailNotifications: z.boolean().optional(),
  // Optional; empty clears it (docs/decisions/0043-deal-documents.md).
  resaleCertificate: z
    .string()
    .trim()
    .max(40, 'Resale certificate number must be at most 40 characters')
    .regex(/^[A-Za-z0-9 -]*$/, 'Resale certificate number may use letters, digits, - and spaces only')
    .optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export const addBrandBody = z.object({ brandName: z.enum(LISTING_BRANDS) });
export type AddBrandBody = z.infer<typeof addBrandBody>;
export const brandNameParams = z.object({ brandName: z.string().min(1).max(80) });

/** PATCH /api/admin/users/:userId/status */
export const userIdParams = z.object({ userId: z.uuid() });
export const changeStatusBody = z.strictObject({ status: z.enum(STATUS_ACTIONS) });
export type ChangeStatusBody = z.infer<typeof changeStatusBody>;
export const changeStatusResponse = z.object({ id: z.string(), status: z.enum(USER_STATUSES) });
export type ChangeStatusResponse = z.infer<typeof changeStatusResponse>;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;
