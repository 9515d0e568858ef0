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
  const url = link(env, `/team/join?token=${encodeURIComponent(p.token)}`);
  const role =
    p.role === 'viewer'
      ? 'a viewer (you see the inventory and the team offers, without making offers)'
      : p.offerLimitCents !== null
        ? `a buyer (offers up to ${formatDollars(p.offerLimitCents)})`
        : 'a buyer';
  return {
    subject: `${p.ownerName} invites you to ${p.dealershipName} on ${env.brand.name}`,
    ...layout(
      {
        title: `Join ${p.dealershipName} on ${env.brand.name}`,
        paragraphs: [
          `${p.ownerName} invites you to buy tractors for ${p.dealershipName} on ${env.brand.name}, as ${role}.`,
          `Choose your password with the button below within ${p.days} days; the link works once. No application is needed: your dealership's owner approved you.`,
          'If you did not expect this, ignore this e-mail.',
        ],
        cta: { label: 'Accept the invitation', url },
      },
      env,
    ),
  };
});
