import type { ListingStatus } from './listings.js';
import { stateName } from './places.js';

/**
 * docs/product/dealer-selling.md#status-machine: the one lifecycle of a listing, shared by FieldLot's own
 * listings (admin: inactive, live, sold, archived) and a dealer's (draft, in review, changes requested,
 * live, withdrawn, sold). Stored as the listing's `status` (active/inactive/sold, what search and offers
 * read) plus, for a dealer's listing, its `review_status` (draft .. withdrawn).
 */
export const LISTING_STAGES = [
  'draft',
  'in_review',
  'changes_requested',
  'live',
  'withdrawn',
  'sold',
  'inactive',
  'archived',
] as const;
export type ListingStage = (typeof LISTING_STAGES)[number];

/** What a dealer's listing stores beside `status`; `approved` is Live while the listing is active. */
export const REVIEW_STATUSES = ['draft', 'in_review', 'changes_requested', 'approved', 'withdrawn'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const STAGE_LABEL: Record<ListingStage, string> = {
  draft: 'Draft',
  in_review: 'In review',
  changes_requested: 'Changes requested',
  live: 'Live',
  withdrawn: 'Withdrawn',
  sold: 'Sold',
  inactive: 'Inactive',
  archived: 'Archived',
};

export const STAGE_TONE: Record<ListingStage, 'yellow' | 'blue' | 'green' | 'red' | 'grey' | 'orange'> = {
  draft: 'grey',
  in_review: 'blue',
  changes_requested: 'orange',
  live: 'green',
  withdrawn: 'grey',
  sold: 'green',
  inactive: 'grey',
  archived: 'grey',
};

/** The stage of a listing from what is stored: sold and archived win, then live, then the dealer's review state. */
export function listingStage(l: {
  status: ListingStatus;
  reviewStatus: ReviewStatus | null;
  archivedAt?: Date | string | null;
}): ListingStage {
  if (l.status === 'sold') return 'sold';
  if (l.archivedAt) return 'archived';
  if (l.status === 'active') return 'live';
  if (l.reviewStatus === null || l.reviewStatus === 'approved') return 'inactive';
  return l.reviewStatus;
}

export const LISTING_STAGE_ROLES = ['seller', 'admin', 'system'] as const;
export type ListingStageRole = (typeof LISTING_STAGE_ROLES)[number];

export const LISTING_STAGE_ACTIONS = [
  'submit',
  'approve',
  'request_changes',
  'edit',
  'withdraw',
  'sell',
  'activate',
  'deactivate',
  'return',
  'return_own',
] as const;
export type ListingStageAction = (typeof LISTING_STAGE_ACTIONS)[number];

/**
 * Who may move a listing where. A dealer's listing: draft -> in review (seller submits) -> live (admin
 * approves) or changes requested (admin, with a reason) -> draft (the seller edits); live -> withdrawn
 * (seller, while no offer is accepted) -> draft (edit); live -> sold (an accepted offer). FieldLot's own
 * listings: inactive <-> live (admin, live only with a report or as-is), live -> sold. A sale undone (the admin
 * cancels the purchase, or answers a guarantee claim with cancel and return; docs/product/purchases.md): sold ->
 * draft for a dealer's listing (the seller edits and submits it again, FieldLot re-inspects), sold -> inactive
 * for FieldLot's own; 'system' because it follows the purchase, in its transaction.
 */
export const LISTING_STAGE_TRANSITIONS: Readonly<
  Record<
    ListingStageAction,
    { from: readonly ListingStage[]; to: ListingStage; by: readonly ListingStageRole[] }
  >
> = {
  submit: { from: ['draft'], to: 'in_review', by: ['seller'] },
  approve: { from: ['in_review'], to: 'live', by: ['admin'] },
  request_changes: { from: ['in_review'], to: 'changes_requested', by: ['admin'] },
  edit: { from: ['draft', 'changes_requested', 'withdrawn'], to: 'draft', by: ['seller'] },
  withdraw: { from: ['live'], to: 'withdrawn', by: ['seller'] },
  sell: { from: ['live'], to: 'sold', by: ['system'] },
  activate: { from: ['inactive'], to: 'live', by: ['admin'] },
  deactivate: { from: ['live'], to: 'inactive', by: ['admin'] },
  return: { from: ['sold'], to: 'draft', by: ['system'] },
  return_own: { from: ['sold'], to: 'inactive', by: ['system'] },
};

/** Where a sold listing goes when its sale is undone: a dealer's back to Draft, FieldLot's own to inactive. */
export function returnAction(isDealerListing: boolean): 'return' | 'return_own' {
  return isDealerListing ? 'return' : 'return_own';
}

export function canStage(action: ListingStageAction, from: ListingStage, by: ListingStageRole): boolean {
  const t = LISTING_STAGE_TRANSITIONS[action];
  return t.by.includes(by) && t.from.includes(from);
}

/** The actions `role` may take on a listing in `stage` (the buttons a screen shows; the service's check). */
export function stageActionsFor(stage: ListingStage, role: ListingStageRole): ListingStageAction[] {
  return LISTING_STAGE_ACTIONS.filter((a) => canStage(a, stage, role));
}

/** A seller may edit fields and photos only while the listing is not with FieldLot or on sale. */
export const SELLER_EDITABLE_STAGES: readonly ListingStage[] = LISTING_STAGE_TRANSITIONS.edit.from;

// ---------------------------------------------------------------- fee and texts

// The seller's proceeds are computed in one place, money.ts (every screen, e-mail and the ledger use it).
export { DEFAULT_SELLER_FEE_CENTS, sellerProceedsCents } from './money.js';

export const CREATE_LISTING_TEXTS = {
  signedOut: 'You must be logged in to create a listing',
  notApproved: 'Your account must be approved before you can create listings',
  created: 'Listing created successfully!',
  failed: (message: string) => `Failed to create listing: ${message}`,
} as const;

/**
 * A dealer's listing reaches the inspectors once submitted for review (in review, then approved); a draft, a
 * returned or a withdrawn one is the seller's alone. FieldLot's own listings (no review status) always do.
 */
export const INSPECTABLE_REVIEW_STATUSES = [
  'in_review',
  'approved',
] as const satisfies readonly ReviewStatus[];
export function submittedForInspection(reviewStatus: ReviewStatus | string | null): boolean {
  return reviewStatus === null || (INSPECTABLE_REVIEW_STATUSES as readonly string[]).includes(reviewStatus);
}

export const BELOW_FLOOR_TEXT = 'below what the seller will accept';
export const OWN_LISTING_OFFER = 'You cannot make an offer on your own listing';
export const WITHDRAW_SOLD = 'This listing has an accepted offer and can no longer be withdrawn';

/** "A dealer in Iowa": how a seller sees a buyer before the sale (the buyer's state, when known). */
export function anonymousBuyer(state: string | null | undefined): string {
  const name = stateName(state);
  return name ? `A dealer in ${name}` : 'A FieldLot dealer';
}
