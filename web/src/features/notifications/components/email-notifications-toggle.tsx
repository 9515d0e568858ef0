import { BellRing } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { useEmailNotifications, useSetEmailNotifications } from '../api/notifications';

/** My Account card: the dealer switches brand and daily listing e-mails on or off. */
export function EmailNotificationsToggle() {
  const id = useId();
  const query = useEmailNotifications();
  const setOn = useSetEmailNotifications();
  const on = setOn.isPending ? Boolean(setOn.variables) : query.data;

  const toggle = () =>
    setOn.mutate(!query.data, {
      onSuccess: ({ emailNotifications }) =>
        toast.success(emailNotifications ? 'Listing e-mails switched on' : 'Listing e-mails switched off'),
      onError: () => toast.error('Failed to update e-mail preferences'),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BellRing className="size-5 text-brand-700" aria-hidden="true" /> Listing e-mails
        </CardTitle>
        <CardDescription>
          New tractors of your preferred brands, and a daily round-up of new listings.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Skeleton className="h-11 w-full" />
        ) : query.isError ? (
          <ErrorState message="Failed to load e-mail preferences" onRetry={() => query.refetch()} />
        ) : (
          <div className="flex items-center justify-between gap-4">
            <label htmlFor={id} className="font-medium">
              Send me listing e-mails
            </label>
            <button
              id={id}
              type="button"
              role="switch"
              aria-checked={Boolean(on)}
              onClick={toggle}
              disabled={setOn.isPending}
              className="relative inline-flex h-8 w-14 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-gray-400 transition-colors aria-checked:bg-brand-700 disabled:opacity-60"
            >
              <span className="sr-only">{on ? 'On' : 'Off'}</span>
              <span
                aria-hidden="true"
                className={`inline-block size-6 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-6' : 'translate-x-0.5'}`}
              />
            </button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
