import { useSearchParams } from 'react-router';
import { Page } from '@/components/layout/app-layout';
import { UnsubscribePanel } from '@/features/notifications/components/unsubscribe-panel';

export function Component() {
  const [params] = useSearchParams();
  return (
    <Page>
      <h1 className="sr-only">Unsubscribe</h1>
      <UnsubscribePanel token={params.get('token') ?? ''} />
    </Page>
  );
}
