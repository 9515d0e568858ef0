import { LISTING_BRANDS } from '@domain/brands';
import { CalendarClock, Send } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label, NativeSelect } from '@/components/ui/input';
import {
  type SendResult,
  useSendBrandNotifications,
  useSendDailyNotifications,
} from '@/features/notifications';
import { toast } from '@/lib/toast';
import { sentText } from './notification-text';

function report(result: SendResult, what: string) {
  if (result.emailsSent > 0) toast.success(sentText(result.emailsSent, what));
  else toast.info(result.message ?? sentText(0, what));
}

/** docs/product/admin.md#dealer-notifications: "send brand notifications" and "daily listing notifications". */
export function NotificationControls() {
  const [brand, setBrand] = useState<string>('John Deere');
  const sendBrand = useSendBrandNotifications();
  const sendDaily = useSendDailyNotifications();

  return (
    <Card className="grid grid-cols-1 gap-4 p-4 md:grid-cols-[1fr_auto] md:items-end">
      <div className="grid gap-1">
        <h2 className="text-base font-bold">Dealer notifications</h2>
        <p className="text-sm text-muted-foreground">
          E-mail dealers the active listings they have not been sent yet. Dealers who switched e-mails off are
          skipped. The daily notifications also go out by themselves every morning.
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor="notify-brand">Brand</Label>
          <NativeSelect
            id="notify-brand"
            value={brand}
            onChange={(e) => setBrand(e.target.value)}
            className="sm:w-48"
          >
            {LISTING_BRANDS.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button
          className="h-auto min-h-11 whitespace-normal"
          disabled={sendBrand.isPending}
          onClick={() =>
            sendBrand.mutate(brand, {
              onSuccess: (r) => report(r, brand),
              onError: (err) => toast.error(`Failed to send notifications: ${err.message}`),
            })
          }
        >
          <Send aria-hidden="true" />
          {sendBrand.isPending ? 'Sending...' : 'Send brand notifications'}
        </Button>
        <Button
          variant="outline"
          className="h-auto min-h-11 whitespace-normal"
          disabled={sendDaily.isPending}
          onClick={() =>
            sendDaily.mutate(undefined, {
              onSuccess: (r) => report(r, 'daily listing'),
              onError: (err) => toast.error(`Failed to send notifications: ${err.message}`),
            })
          }
        >
          <CalendarClock aria-hidden="true" />
          {sendDaily.isPending ? 'Sending...' : 'Send daily listing notifications'}
        </Button>
      </div>
    </Card>
  );
}
