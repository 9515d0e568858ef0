import type { AccountProfile } from '@domain/users';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { useUpdateMyAccount } from '../api/accounts';

/** The switch for listing notification e-mails (users.email_notifications). */
export function NotificationsCard({ account }: { account: AccountProfile }) {
  const update = useUpdateMyAccount();
  const toggle = (on: boolean) =>
    update.mutate(
      { name: account.name, companyName: account.companyName, emailNotifications: on },
      {
        onSuccess: () =>
          toast.success(on ? 'Notification e-mails turned on' : 'Notification e-mails turned off'),
        onError: () => toast.error('Failed to update personal information'),
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>E-mail Notifications</CardTitle>
        <CardDescription>
          New listings of your preferred brands and the daily listing summary.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <label className="flex min-h-11 cursor-pointer items-center gap-3">
          <input
            type="checkbox"
            role="switch"
            aria-checked={account.emailNotifications}
            className="size-5 accent-brand-700"
            checked={account.emailNotifications}
            disabled={update.isPending}
            onChange={(e) => toggle(e.target.checked)}
          />
          <span className="font-medium">Send me listing notification e-mails</span>
        </label>
      </CardContent>
    </Card>
  );
}
