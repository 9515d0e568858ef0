import { describe, expect, it } from 'vitest';
import {
  anonymousBuyer,
  canStage,
  LISTING_STAGE_ACTIONS,
  LISTING_STAGE_TRANSITIONS,
  LISTING_STAGES,
  listingStage,
  returnAction,
  SELLER_EDITABLE_STAGES,
  sellerProceedsCents,
  stageActionsFor,
} from './dealer-listings';

describe('the listing status machine (docs/product/dealer-selling.md#status-machine)', () => {
  it("walks a dealer's listing: draft, in review, changes requested, draft, in review, live, withdrawn, draft", () => {
    expect(stageActionsFor('draft', 'seller')).toEqual(['submit', 'edit']);
    expect(stageActionsFor('in_review', 'seller')).toEqual([]);
    expect(stageActionsFor('in_review', 'admin')).toEqual(['approve', 'request_changes']);
    expect(LISTING_STAGE_TRANSITIONS.request_changes.to).toBe('changes_requested');
    expect(stageActionsFor('changes_requested', 'seller')).toEqual(['edit']);
    expect(LISTING_STAGE_TRANSITIONS.edit.to).toBe('draft');
    expect(stageActionsFor('live', 'seller')).toEqual(['withdraw']);
    expect(stageActionsFor('withdrawn', 'seller')).toEqual(['edit']);
    expect(stageActionsFor('sold', 'seller')).toEqual([]);
    expect(stageActionsFor('sold', 'admin')).toEqual([]);
  });

  it("shares the admin's states: inactive and live switch, a sale ends both", () => {
    expect(canStage('activate', 'inactive', 'admin')).toBe(true);
    expect(canStage('activate', 'in_review', 'admin')).toBe(false);
    expect(canStage('deactivate', 'live', 'admin')).toBe(true);
    expect(canStage('sell', 'live', 'system')).toBe(true);
    // A sale undone (purchase cancelled): a dealer's listing back to Draft, FieldLot's own to inactive.
    expect(LISTING_STAGE_TRANSITIONS[returnAction(true)]).toMatchObject({ from: ['sold'], to: 'draft' });
    expect(LISTING_STAGE_TRANSITIONS[returnAction(false)]).toMatchObject({ from: ['sold'], to: 'inactive' });
    expect(stageActionsFor('sold', 'system')).toEqual(['return', 'return_own']);
    expect(canStage('approve', 'in_review', 'seller')).toBe(false);
    for (const action of LISTING_STAGE_ACTIONS)
      for (const stage of LISTING_STAGES)
        expect(canStage(action, stage, 'seller')).toBe(
          LISTING_STAGE_TRANSITIONS[action].by.includes('seller') &&
            LISTING_STAGE_TRANSITIONS[action].from.includes(stage),
        );
  });

  it('reads the stage from what is stored', () => {
    expect(listingStage({ status: 'active', reviewStatus: null })).toBe('live');
    expect(listingStage({ status: 'inactive', reviewStatus: null })).toBe('inactive');
    expect(listingStage({ status: 'inactive', reviewStatus: null, archivedAt: new Date() })).toBe('archived');
    expect(listingStage({ status: 'sold', reviewStatus: 'approved', archivedAt: new Date() })).toBe('sold');
    expect(listingStage({ status: 'active', reviewStatus: 'approved' })).toBe('live');
    expect(listingStage({ status: 'inactive', reviewStatus: 'approved' })).toBe('inactive');
    expect(listingStage({ status: 'inactive', reviewStatus: 'in_review' })).toBe('in_review');
    expect(listingStage({ status: 'inactive', reviewStatus: 'withdrawn' })).toBe('withdrawn');
    expect(SELLER_EDITABLE_STAGES).toEqual(['draft', 'changes_requested', 'withdrawn']);
  });

  it('computes proceeds and keeps the buyer anonymous by state', () => {
    expect(sellerProceedsCents(88_000_00, 250_00)).toBe(87_750_00);
    expect(sellerProceedsCents(100_00, 250_00)).toBe(0);
    expect(anonymousBuyer('IA')).toBe('A dealer in Iowa');
    expect(anonymousBuyer(null)).toBe('A FieldLot dealer');
  });
});
