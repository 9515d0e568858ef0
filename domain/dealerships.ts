import { z } from 'zod';
import { maskContactDetails } from './buyer-message';
import { emailSchema } from './email';
import { DOLLAR_AMOUNT_MESSAGE, formatDollars, parseDollarAmount } from './money';
import { newPasswordSchema } from './password';
import { nameSchema } from './users';

/**
 * Dealership teams (docs/product/dealer-tools.md#dealership-teams): a dealership has one owner and
 * members who are buyers (may offer, up to an optional per-offer limit) or viewers (see, never offer).
 */
export const DEALERSHIP_ROLES = ['owner', 'buyer', 'viewer'] as const;
export type DealershipRole = (typeof DEALERSHIP_ROLES)[number];
/** The roles an owner gives to members (there is one owner). */
export const MEMBER_ROLES = ['buyer', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** How long an invitation link works. */
export const INVITE_TTL_DAYS = 7;

export const TEAM_TEXT = {
  viewerCannotOffer: "Viewers cannot make offers. Ask your dealership's owner for the buyer role.",
  notOwner: 'Only the owner of the dealership can manage the team',
  emailTaken:
    'An account with this e-mail already exists. Only people without a FieldLot account can be invited.',
  inviteInvalid: 'This invitation link is invalid or has expired. Ask the owner for a new one.',
  memberNotFound: 'Member not found',
  inviteNotFound: 'Invitation not found',
  ownerFixed: "The owner's role cannot be changed and the owner cannot be removed",
  removed: 'You are no longer a member of a dealership',
  noDealership: 'Administrators do not belong to a dealership',
  // Invitations (decision 0039): the same answer whether or not the address has an account.
  inviteCapDealership: 'Your dealership has sent too many invitations today. Please try again tomorrow.',
  inviteCapAddress: 'Too many invitations were sent to this address today. Please try again tomorrow.',
  haveAccount:
    'You already have a FieldLot account. Sign in with it, then open the invitation link again to join.',
  alreadyMember: 'You are already a member of this dealership',
  ownerWithTeam: 'You own a dealership with other members, so you cannot join another one',
} as const;

/** Invitation caps, counted in the database (decision 0039, dealer-tools.md#dealership-teams). */
export const INVITES_PER_DEALERSHIP_PER_DAY = 20;
/** E-mails of invitations to one address a day, from every dealership together. */
export const INVITE_MAILS_PER_ADDRESS_PER_DAY = 3;
/** A withdrawn and re-sent invitation within this many hours keeps the link already e-mailed: no second e-mail. */
export const INVITE_RESEND_QUIET_HOURS = 24;
/** The longest dealership or owner name an invitation e-mail shows. */
export const INVITE_NAME_MAX = 80;

/**
 * A name typed into a profile as an invitation e-mail shows it to someone who never asked for it: plain text on
 * one line (control characters and runs of spaces collapsed), contact details and links hidden, at most
 * `max` characters ("…" when cut).
 */
export function plainDisplayName(name: string, max = INVITE_NAME_MAX): string {
  const line = name
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const safe = maskContactDetails(line);
  return safe.length > max ? `${safe.slice(0, max - 1).trimEnd()}…` : safe;
}

/**
 * No dealership deals with itself, whichever member acts (docs/product/dealer-tools.md#dealership-teams,
 * decision 0039): its members never offer on, buy, watch or claim against its own listings.
 */
export const OWN_DEALERSHIP_TEXT = {
  offer: "You cannot make an offer on your own dealership's listing",
  watch: "You cannot watch your own dealership's listing",
  claim: "You cannot open a claim on your own dealership's sale",
} as const;

/** "Your dealership limits your offers to $40,000. Ask the owner to raise your limit." */
export function offerLimitText(limitCents: number): string {
  return `Your dealership limits your offers to ${formatDollars(limitCents)}. Ask the owner to raise your limit.`;
}

/** What stops this member making an offer of `cents` (null: nothing). The server's check and the dialog's hint. */
export function memberOfferProblem(
  member: { role: DealershipRole; offerLimitCents: number | null },
  cents: number,
): string | null {
  if (member.role === 'viewer') return TEAM_TEXT.viewerCannotOffer;
  if (member.role === 'buyer' && member.offerLimitCents !== null && cents > member.offerLimitCents)
    return offerLimitText(member.offerLimitCents);
  return null;
}

/** Optional per-offer limit in whole dollars ("40,000"); empty means no limit. Parses to cents or null. */
export const offerLimitSchema = z
  .union([z.string().max(32), z.number(), z.null(), z.undefined()])
  .transform((value, ctx) => {
    if (value === null || value === undefined || String(value).trim() === '') return null;
    const cents = parseDollarAmount(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: DOLLAR_AMOUNT_MESSAGE });
      return z.NEVER;
    }
    if (cents < 100) {
      ctx.addIssue({ code: 'custom', message: 'Offer limit must be at least $1' });
      return z.NEVER;
    }
    return cents;
  });

export const inviteBody = z.object({
  email: emailSchema,
  role: z.enum(MEMBER_ROLES, 'Choose buyer or viewer'),
  offerLimit: offerLimitSchema.optional(),
});
export type InviteBody = z.input<typeof inviteBody>;

export const memberUpdateBody = z.object({
  role: z.enum(MEMBER_ROLES, 'Choose buyer or viewer'),
  offerLimit: offerLimitSchema.optional(),
});
export type MemberUpdateBody = z.input<typeof memberUpdateBody>;

export const acceptInviteBody = z.object({
  token: z.string().min(10, TEAM_TEXT.inviteInvalid).max(200, TEAM_TEXT.inviteInvalid),
  name: nameSchema,
  password: newPasswordSchema,
});
export type AcceptInviteBody = z.input<typeof acceptInviteBody>;

/** A signed-in dealer joins with their own account: only the link's token (decision 0039). */
export const joinInviteBody = z.object({
  token: z.string().min(10, TEAM_TEXT.inviteInvalid).max(200, TEAM_TEXT.inviteInvalid),
});
export type JoinInviteBody = z.input<typeof joinInviteBody>;

export const memberIdParams = z.object({ userId: z.uuid(TEAM_TEXT.memberNotFound) });
export const inviteIdParams = z.object({ inviteId: z.uuid(TEAM_TEXT.inviteNotFound) });

export const teamMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(DEALERSHIP_ROLES),
  offerLimitCents: z.number().nullable(),
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  offerLimitCents: z.number().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TeamInvite = z.infer<typeof teamInviteSchema>;

export const teamResponse = z.object({
  dealership: z.object({ id: z.string(), name: z.string() }),
  myRole: z.enum(DEALERSHIP_ROLES),
  members: z.array(teamMemberSchema),
  /** Open invitations (owner only; empty for members). */
  invites: z.array(teamInviteSchema),
});
export type TeamResponse = z.infer<typeof teamResponse>;

export const inviteResponse = z.object({ invite: teamInviteSchema });
export const memberResponse = z.object({ member: teamMemberSchema });
export const okResponse = z.object({ ok: z.literal(true) });
