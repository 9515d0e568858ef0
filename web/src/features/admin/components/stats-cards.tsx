import { formatCount } from '@domain/numbers';
import { Clock, ShieldCheck, UserCheck, Users } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { useAdminStats } from '../api/admin';

/** docs/product/admin.md#count-cards: four count cards, live from the database. */
export function StatsCards() {
  const stats = useAdminStats();
  if (stats.isError)
    return <ErrorState message="Failed to load user counts" onRetry={() => stats.refetch()} />;
  const s = stats.data;
  const cards = [
    {
      label: 'Total Users',
      value: s?.totalUsers,
      sub: s ? `${s.approvedUsers} approved · ${s.administrators} admin` : '',
      icon: Users,
    },
    { label: 'Pending Review', value: s?.pendingReview, sub: 'Applications waiting', icon: Clock },
    { label: 'Approved Users', value: s?.approvedUsers, sub: 'Dealers who can buy', icon: UserCheck },
    { label: 'Administrators', value: s?.administrators, sub: 'Full access', icon: ShieldCheck },
  ];
  return (
    // On a phone each card is one short line (label, number), so the panel's content starts on the first screen.
    <ul className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4" aria-label="User counts">
      {cards.map(({ label, value, sub, icon: Icon }) => (
        <li key={label}>
          <Card className="flex h-full items-center justify-between gap-2 px-3 py-1 sm:block sm:space-y-1 sm:p-4">
            <div className="flex min-w-0 items-center justify-between gap-2">
              <h2 className="text-xs font-semibold text-muted-foreground sm:text-sm">{label}</h2>
              <Icon className="hidden size-5 text-brand-700 sm:block" aria-hidden="true" />
            </div>
            {value === undefined ? (
              <Skeleton className="h-6 w-10 sm:h-8 sm:w-16" />
            ) : (
              <p className="text-base font-extrabold tabular-nums sm:text-3xl" data-testid={`stat-${label}`}>
                {formatCount(value)}
              </p>
            )}
            <p className="hidden text-xs text-muted-foreground sm:block">{sub}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
