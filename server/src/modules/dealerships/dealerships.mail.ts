import { plainDisplayName } from '../../../../domain/dealerships.js';
import { formatDollars } from '../../../../domain/money.js';
import { defineTemplate, layout, link } from '../mail/index.js';

/** docs/product/dealer-tools.md#dealership-teams: the owner's invitation, with its single-use link. */
export const TEAM_INVITE_MAIL = defineTemplate<{
  token: string;
  ownerName: string;
  dealershipName: string;
  role: 'buyer' | 'viewer';
  offerLimitCents: number | null;
  days: number;
}>('team-invite', (p, env) => {
  // Names typed by another dealer: plain text, one line, at most 80 characters (decision 0039).
  const ownerName = plainDisplayName(p.ownerName);
  const dealershipName = plainDisplayName(p.dealershipName);
  const url = link(env, `/team/join?token=${encodeURIComponent(p.token)}`);
  const role =
    p.role === 'viewer'
      ? 'a viewer (you see the inventory and the team offers, without making offers)'
      : p.offerLimitCents !== null
        ? `a buyer (offers up to ${formatDollars(p.offerLimitCents)})`
        : 'a buyer';
  return {
    subject: `${ownerName} invites you to ${dealershipName} on ${env.brand.name}`,
    ...layout(
      {
        title: `Join ${dealershipName} on ${env.brand.name}`,
        paragraphs: [
          `${ownerName} invites you to buy tractors for ${dealershipName} on ${env.brand.name}, as ${role}.`,
          `Choose your password with the button below within ${p.days} days; the link works once. No application is needed: your dealership's owner approved you.`,
          `Already have a ${env.brand.name} account? Sign in with it first, then open the button's link to join.`,
          'If you did not expect this, ignore this e-mail.',
        ],
        cta: { label: 'Accept the invitation', url },
      },
      env,
    ),
  };
});
