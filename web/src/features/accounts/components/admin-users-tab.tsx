import type { DealerApplication, UserStatus } from '@domain/users';
import { Check, X } from 'lucide-react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge, type Tone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useApplications, useChangeStatus } from '../api/accounts';

const STATUS_TONE: Record<UserStatus, Tone> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  admin: 'brand',
  inspector: 'brand',
};
const STATUS_LABEL: Record<UserStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  admin: 'Admin',
  inspector: 'Inspector',
};
const usDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** Admin panel, User Management tab (docs/product/admin.md#user-management): applications newest first with Approve / Reject. */
export function AdminUsersTab() {
  const query = useApplications();
  if (query.isLoading) {
    return (
      <div className="flex flex-col gap-3" role="status" aria-label="Loading dealer applications">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-24 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError || !query.data)
    return <ErrorState message="Failed to load dealer applications" onRetry={() => query.refetch()} />;
  if (query.data.users.length === 0)
    return <EmptyState title="No applications yet" description="New dealer applications will appear here." />;
  return (
    <ul className="flex flex-col gap-3" aria-label="Dealer applications">
      {query.data.users.map((u) => (
        <ApplicationRow key={u.id} user={u} />
      ))}
    </ul>
  );
}

function ApplicationRow({ user }: { user: DealerApplication }) {
  const change = useChangeStatus();
  const act = (status: 'approved' | 'rejected') =>
    change.mutate(
      { userId: user.id, status },
      {
        onSuccess: () => toast.success(`Application ${status} successfully`),
        onError: (err) =>
          toast.error(
            `Failed to update application status: ${err instanceof ApiError ? err.message : String(err)}`,
          ),
      },
    );
  const rejectButton = (onClick?: () => void) => (
    <Button
      size="sm"
      variant="destructive"
      disabled={change.isPending}
      aria-label={`Reject ${user.name}`}
      onClick={onClick}
    >
      <X aria-hidden="true" /> Reject
    </Button>
  );
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold">{user.name}</p>
          <Badge tone={STATUS_TONE[user.status]}>{STATUS_LABEL[user.status]}</Badge>
        </div>
        <p className="text-sm text-gray-700">{user.companyName}</p>
        <p className="break-all text-sm text-gray-700">{user.email}</p>
        <p className="text-xs text-muted-foreground">
          Applied {usDate(user.createdAt)}
          {user.desiredBrand1 ? ` · Brand: ${user.desiredBrand1}` : ''}
        </p>
      </div>
      {user.actions.length > 0 && (
        <div className="flex shrink-0 gap-2">
          {user.actions.includes('approved') && (
            <Button
              size="sm"
              disabled={change.isPending}
              onClick={() => act('approved')}
              aria-label={`Approve ${user.name}`}
            >
              <Check aria-hidden="true" /> Approve
            </Button>
          )}
          {user.actions.includes('rejected') &&
            (user.status === 'approved' ? (
              // Rejecting an approved dealer signs them out everywhere: ask first.
              <ConfirmDialog
                trigger={rejectButton()}
                title={`Reject ${user.name}?`}
                description="They are signed out at once and can no longer sign in. You can approve them again later."
                confirmLabel="Reject"
                onConfirm={() => act('rejected')}
              />
            ) : (
              rejectButton(() => act('rejected'))
            ))}
        </div>
      )}
    </li>
  );
}
