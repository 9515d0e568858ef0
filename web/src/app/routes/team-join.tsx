import { PageTitle } from '@/features/site';
import { AcceptInvitePage } from '@/features/team/components/accept-invite-page';

/** /team/join?token=… from the owner's invitation e-mail. Opening the page consumes nothing. */
function Screen() {
  return <AcceptInvitePage />;
}

/** The page, titled for the browser's tab (docs/accessibility.md, 2.4.2). */
export function Component() {
  return (
    <>
      <PageTitle title="Join Your Dealership" />
      <Screen />
    </>
  );
}
