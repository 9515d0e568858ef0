import { CheckCircle2, MailX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useUnsubscribe, useUnsubscribeCheck } from '../api/notifications';

/**
 * The e-mailed unsubscribe link lands here. Opening it changes nothing (mail scanners open links);
 * the button confirms, and works without signing in.
 */
export function UnsubscribePanel({ token }: { token: string }) {
  const check = useUnsubscribeCheck(token);
  const unsubscribe = useUnsubscribe();

  let body: React.ReactNode;
  if (!token || check.data?.valid === false || check.isError) {
    body = (
      <ErrorState message="This unsubscribe link is not valid. Sign in and switch e-mails off in My Account." />
    );
  } else if (check.isPending) {
    body = <LoadingState text="Checking your link..." />;
  } else if (unsubscribe.isSuccess) {
    body = (
      <div role="status" className="flex flex-col items-center gap-3 text-center">
        <CheckCircle2 className="size-10 text-brand-700" aria-hidden="true" />
        <p className="text-lg font-semibold">You are unsubscribed.</p>
        <p className="text-muted-foreground">
          We won't send you listing e-mails any more. You can switch them back on in{' '}
          <Link to="/my-account" className="font-semibold text-brand-700 underline">
            My Account
          </Link>
          .
        </p>
      </div>
    );
  } else {
    body = (
      <div className="grid gap-4">
        <p>
          Stop receiving brand notifications and daily listing e-mails? Account e-mails (sign-in links, offer
          updates) still arrive.
        </p>
        {unsubscribe.isError && (
          <p role="alert" className="font-medium text-destructive">
            {unsubscribe.error.message}
          </p>
        )}
        <Button
          size="lg"
          onClick={() => unsubscribe.mutate(token)}
          disabled={unsubscribe.isPending}
          className="w-full sm:w-auto"
        >
          {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
        </Button>
      </div>
    );
  }

  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-2xl">
          <MailX className="size-6 text-brand-700" aria-hidden="true" />
          <span>Unsubscribe</span>
        </CardTitle>
        <CardDescription>Listing e-mails from FieldLot</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
