import { useParams, useSearchParams } from 'react-router';
import { SignInPrompt } from '@/features/auth/components/sign-in-prompt';
import { TractorDetail } from '@/features/listings/components/tractor-detail';

export function Component() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  // ?revision=N opens that revision of the condition report (Purchased Inventory links to the frozen one).
  const revision = Number(params.get('revision')) || undefined;
  return (
    <>
      <TractorDetail key={id} id={id} reportRevision={revision} />
      <SignInPrompt />
    </>
  );
}
