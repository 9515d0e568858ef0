import { SignInPrompt } from '@/features/auth/components/sign-in-prompt';
import { TeamPage } from '@/features/team/components/team-page';

/** /team: the dealership's members, roles, limits and invitations (loaded on demand, like every route). */
export function Component() {
  return (
    <>
      <TeamPage />
      <SignInPrompt />
    </>
  );
}
