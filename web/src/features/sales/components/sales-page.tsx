import { LOT_INTERVAL_DEFAULT_SECONDS } from '@domain/timed-sale';
import { Gavel } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/layout/app-layout';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldError, Input, Label, NativeSelect } from '@/components/ui/input';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useSession } from '@/features/auth';
import { formatDateTime, plural } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useCreateSale, useSales } from '../api/sales';

/** docs/product/timed-sale.md: the weekly sales; admins set one up here. */
export function SalesPage() {
  const { isAdmin } = useSession();
  const sales = useSales();
  return (
    <Page className="space-y-6">
      <h1 className="text-3xl font-extrabold tracking-tight">Timed Sales</h1>
      {isAdmin && <CreateSaleForm />}
      {sales.isPending ? (
        <LoadingState text="Loading the sales..." />
      ) : sales.isError ? (
        <ErrorState message={sales.error.message} onRetry={() => sales.refetch()} />
      ) : sales.data.sales.length === 0 ? (
        <EmptyState
          icon={<Gavel className="size-10 text-muted-foreground" aria-hidden="true" />}
          title="No sales yet"
          description="A Timed Sale is announced here a few days before it starts."
        />
      ) : (
        <ul className="space-y-3" aria-label="Sales">
          {sales.data.sales.map((s) => (
            <li key={s.id}>
              <Card className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <Link to={`/sales/${s.id}`} className="text-lg font-bold hover:underline">
                    {s.name}
                  </Link>
                  <p className="text-sm text-muted-foreground">
                    Starts {formatDateTime(s.startsAt)} · first lot closes {formatDateTime(s.firstCloseAt)} ·{' '}
                    {plural(s.lotCount, 'lot')}
                  </p>
                </div>
                <Button asChild size="sm" variant="outline">
                  <Link to={`/sales/${s.id}`}>Open the run list</Link>
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}

const toIso = (local: string) => (local ? new Date(local).toISOString() : '');

function CreateSaleForm() {
  const create = useCreateSale();
  const [error, setError] = useState<string | undefined>();
  return (
    <Card className="p-4">
      <h2 className="mb-3 text-lg font-bold">Create a sale</h2>
      <form
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          const form = e.currentTarget;
          setError(undefined);
          create.mutate(
            {
              name: String(f.get('name') ?? ''),
              startsAt: toIso(String(f.get('startsAt') ?? '')),
              firstCloseAt: toIso(String(f.get('firstCloseAt') ?? '')),
              intervalSeconds: Number(f.get('intervalSeconds')),
            },
            {
              onSuccess: (sale) => {
                toast.success(`${sale.name} is set up`);
                form.reset();
              },
              onError: (err) => setError(err.message),
            },
          );
        }}
      >
        <div className="space-y-1 sm:col-span-2">
          <Label htmlFor="sale-name">Name</Label>
          <Input id="sale-name" name="name" placeholder="Tuesday Sale, Dec 8" required />
        </div>
        <div className="space-y-1">
          <Label htmlFor="sale-start">Starts</Label>
          <Input id="sale-start" name="startsAt" type="datetime-local" required />
        </div>
        <div className="space-y-1">
          <Label htmlFor="sale-close">First lot closes</Label>
          <Input id="sale-close" name="firstCloseAt" type="datetime-local" required />
        </div>
        <div className="space-y-1">
          <Label htmlFor="sale-interval">One lot closes every</Label>
          <NativeSelect id="sale-interval" name="intervalSeconds" defaultValue={LOT_INTERVAL_DEFAULT_SECONDS}>
            {[30, 60, 90, 120, 180, 300].map((s) => (
              <option key={s} value={s}>
                {s % 60 ? `${s} seconds` : plural(s / 60, 'minute')}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex items-end">
          <Button type="submit" disabled={create.isPending}>
            Create the sale
          </Button>
        </div>
        <FieldError message={error} />
      </form>
    </Card>
  );
}
