import { useSearchParams } from 'react-router';
import { Page } from '@/components/layout/app-layout';
import { UnsubscribePanel } from '@/features/notifications/components/unsubscribe-panel';
import { PageTitle } from '@/features/site';

function Screen() {
  const [params] = useSearchParams();
  return (
    <Page>
      <h1 className="sr-only">Unsubscribe</h1>
      <UnsubscribePanel token={params.get('token') ?? ''} />
    </Page>
  );
}

/** The page, titled for the browser's tab (docs/accessibility.md, 2.4.2). */
export function Component() {
  return (
    <>
      <PageTitle title="Unsubscribe" />
      <Screen />
    </>
  );
}
