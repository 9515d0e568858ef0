import { describe, expect, it } from 'vitest';
import {
  INVITE_NAME_MAX,
  inviteBody,
  memberOfferProblem,
  offerLimitSchema,
  offerLimitText,
  plainDisplayName,
  TEAM_TEXT,
} from './dealerships';

describe('dealership members and offers (dealer-tools.md#dealership-teams)', () => {
  it('lets owners offer anything, buyers up to their limit, viewers nothing', () => {
    expect(memberOfferProblem({ role: 'owner', offerLimitCents: null }, 10_000_000_00)).toBeNull();
    expect(memberOfferProblem({ role: 'buyer', offerLimitCents: null }, 500_000_00)).toBeNull();
    expect(memberOfferProblem({ role: 'buyer', offerLimitCents: 40_000_00 }, 40_000_00)).toBeNull();
    expect(memberOfferProblem({ role: 'buyer', offerLimitCents: 40_000_00 }, 40_000_01)).toBe(
      'Your dealership limits your offers to $40,000. Ask the owner to raise your limit.',
    );
    expect(memberOfferProblem({ role: 'viewer', offerLimitCents: null }, 100)).toBe(
      "Viewers cannot make offers. Ask your dealership's owner for the buyer role.",
    );
    expect(offerLimitText(1_250_000_00)).toContain('$1,250,000');
  });

  it('reads a per-offer limit in whole dollars; empty is no limit', () => {
    const parse = (v: unknown) => {
      const r = offerLimitSchema.safeParse(v);
      return r.success ? r.data : r.error.issues[0]?.message;
    };
    expect(parse('40,000')).toBe(40_000_00);
    expect(parse(25000)).toBe(25_000_00);
    expect(parse('')).toBeNull();
    expect(parse(null)).toBeNull();
    expect(parse('lots')).toBe('Enter a whole dollar amount, like 48,500');
    expect(parse('0')).toBe('Offer limit must be at least $1');
  });

  it('invites buyers or viewers only, by a valid e-mail', () => {
    expect(inviteBody.safeParse({ email: 'a@example.com', role: 'buyer' }).success).toBe(true);
    expect(inviteBody.safeParse({ email: 'a@example.com', role: 'owner' }).success).toBe(false);
    expect(inviteBody.safeParse({ email: 'nope', role: 'viewer' }).success).toBe(false);
    expect(TEAM_TEXT.emailTaken).toBe(
      'An account with this e-mail already exists. Only people without a FieldLot account can be invited.',
    );
  });
});

describe('names in an invitation e-mail (decision 0039)', () => {
  it('are one line of plain text, links and contact details hidden, at most 80 characters', () => {
    expect(plainDisplayName('  Ames\r\nTractor\u202e   Co ')).toBe('Ames Tractor Co');
    expect(plainDisplayName('Ames Tractor, claim at https://evil.example.com/login')).toBe(
      'Ames Tractor, claim at [contact hidden]',
    );
    const long = plainDisplayName('A'.repeat(200));
    expect(long).toHaveLength(INVITE_NAME_MAX);
    expect(long.endsWith('…')).toBe(true);
  });
});
