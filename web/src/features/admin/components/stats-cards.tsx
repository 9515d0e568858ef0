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
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="User counts">
      {cards.map(({ label, value, sub, icon: Icon }) => (
        <li key={label}>
          <Card className="flex h-full flex-col gap-1 p-4">
            <div className="flex items-center justify-between gap-2">
              <h2 className="text-sm font-semibold text-muted-foreground">{label}</h2>
              <Icon className="size-5 text-brand-700" aria-hidden="true" />
            </div>
            {value === undefined ? (
              <Skeleton className="h-8 w-16" />
            ) : (
              <p className="text-3xl font-extrabold tabular-nums" data-testid={`stat-${label}`}>
                {value.toLocaleString('en-US')}
              </p>
            )}
            <p className="text-xs text-muted-foreground">{sub}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
