import { useParams } from 'react-router';
import { SignInPrompt } from '@/features/auth/components/sign-in-prompt';
import { TractorDetail } from '@/features/listings/components/tractor-detail';

export function Component() {
  const { id = '' } = useParams();
  return (
    <>
      <TractorDetail key={id} id={id} />
      <SignInPrompt />
    </>
  );
}
