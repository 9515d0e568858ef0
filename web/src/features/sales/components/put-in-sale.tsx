import { Gavel } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useAddLot, useSales } from '../api/sales';

/**
 * My Listings' "Put in a sale" (docs/product/timed-sale.md#sales-and-lots): a live tractor into an upcoming
 * sale; its floor price becomes the reserve.
 */
export function PutInSale({ listingId, tractor }: { listingId: string; tractor: string }) {
  const [open, setOpen] = useState(false);
  const sales = useSales();
  const add = useAddLot();
  const [saleId, setSaleId] = useState('');
  if (!open)
    return (
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <Gavel aria-hidden="true" /> Put in a sale
      </Button>
    );
  const upcoming = (sales.data?.sales ?? []).filter((s) => new Date(s.startsAt).getTime() > Date.now());
  return (
    <form
      className="flex w-full flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const chosen = saleId || upcoming[0]?.id;
        if (!chosen) return;
        add.mutate(
          { saleId: chosen, listingId },
          {
            onSuccess: () => {
              toast.success(`${tractor} is in the sale`);
              setOpen(false);
            },
            onError: (err) => toast.error(err.message),
          },
        );
      }}
    >
      {upcoming.length === 0 ? (
        <p className="text-sm text-muted-foreground">No upcoming sale yet.</p>
      ) : (
        <>
          <NativeSelect
            aria-label={`Sale for ${tractor}`}
            value={saleId || upcoming[0].id}
            onChange={(e) => setSaleId(e.target.value)}
            className="min-w-0 flex-1"
          >
            {upcoming.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} · {formatDateTime(s.startsAt)}
              </option>
            ))}
          </NativeSelect>
          <Button size="sm" type="submit" disabled={add.isPending}>
            Put in this sale
          </Button>
        </>
      )}
      <Button size="sm" variant="ghost" type="button" onClick={() => setOpen(false)}>
        Cancel
      </Button>
    </form>
  );
}
