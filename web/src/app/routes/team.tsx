import { SignInPrompt } from '@/features/auth/components/sign-in-prompt';
import { PageTitle } from '@/features/site';
import { TeamPage } from '@/features/team/components/team-page';

/** /team: the dealership's members, roles, limits and invitations (loaded on demand, like every route). */
function Screen() {
  return (
    <>
      <TeamPage />
      <SignInPrompt />
    </>
  );
}

/** The page, titled for the browser's tab (docs/accessibility.md, 2.4.2). */
export function Component() {
  return (
    <>
      <PageTitle title="Team" />
      <Screen />
    </>
  );
}
