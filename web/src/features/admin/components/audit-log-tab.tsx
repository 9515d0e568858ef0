import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Label, NativeSelect } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { formatDateTime } from '@/lib/format';
import { type AuditEntry, useAuditActions, useAuditLog } from '../api/admin';
import { AuditExportForm, AuditVerificationStatus } from './audit-integrity';

/**
 * Security and admin events, newest first; filter by action and user e-mail; "Load more" pages on. Above them the
 * nightly check of the hash chain and the export of a period (docs/product/security.md#audit-log).
 */
export function AuditLogTab() {
  const [filter, setFilter] = useState({ action: '', email: '' });
  const [emailDraft, setEmailDraft] = useState('');
  const actions = useAuditActions();
  const log = useAuditLog(filter);

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setFilter((f) => ({ ...f, email: emailDraft.trim() }));
  };
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];

  return (
    <section aria-labelledby="audit-title" className="grid gap-4">
      <h2 id="audit-title" className="text-lg font-bold">
        Audit log
      </h2>
      <AuditVerificationStatus />
      <AuditExportForm />
      <form onSubmit={onSearch} className="grid gap-3 sm:grid-cols-[14rem_1fr_auto] sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor="audit-action">Action</Label>
          <NativeSelect
            id="audit-action"
            value={filter.action}
            onChange={(e) => setFilter((f) => ({ ...f, action: e.target.value }))}
          >
            <option value="">All actions</option>
            {(actions.data ?? []).map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-email">User e-mail</Label>
          <Input
            id="audit-email"
            type="search"
            placeholder="Part of an e-mail address"
            value={emailDraft}
            onChange={(e) => setEmailDraft(e.target.value)}
          />
        </div>
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" /> Filter
        </Button>
      </form>

      {log.isPending ? (
        <div className="grid gap-2" role="status" aria-label="Loading audit log">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : log.isError ? (
        <ErrorState message="Failed to load the audit log" onRetry={() => log.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState title="No matching events" description="Try another action or clear the e-mail filter." />
      ) : (
        <>
          <ul className="grid gap-2" aria-label="Audit events">
            {entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </ul>
          {log.hasNextPage && (
            <Button
              variant="outline"
              className="justify-self-center"
              onClick={() => log.fetchNextPage()}
              disabled={log.isFetchingNextPage}
            >
              {log.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { timestamp: _t, ...details } = entry.details;
  const failed = /fail|denied|blocked|limited/.test(entry.action);
  return (
    <li>
      <Card className="grid gap-1 p-3 text-sm" data-testid="audit-row">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Badge tone={failed ? 'red' : 'brand'} className="font-mono">
            {entry.action}
          </Badge>
          <span className="font-medium break-all">{entry.actorEmail ?? 'System'}</span>
          <time dateTime={entry.createdAt} className="text-muted-foreground">
            {formatDateTime(entry.createdAt)}
          </time>
          {entry.ip && <span className="text-muted-foreground">IP {entry.ip}</span>}
        </div>
        {Object.keys(details).length > 0 && (
          <details>
            <summary className="cursor-pointer text-brand-700">Details</summary>
            <pre className="mt-1 max-h-64 overflow-auto rounded bg-muted p-2 text-xs whitespace-pre-wrap break-all">
              {JSON.stringify(details, null, 2)}
            </pre>
          </details>
        )}
      </Card>
    </li>
  );
}
