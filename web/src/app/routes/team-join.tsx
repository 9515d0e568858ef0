import { AcceptInvitePage } from '@/features/team/components/accept-invite-page';

/** /team/join?token=… from the owner's invitation e-mail. Opening the page consumes nothing. */
export function Component() {
  return <AcceptInvitePage />;
}
