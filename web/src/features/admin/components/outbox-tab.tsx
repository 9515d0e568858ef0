import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Badge, type Tone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label, NativeSelect } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import {
  type OutboxMessage,
  type OutboxStatus,
  useMailTemplates,
  useOutbox,
  useOutboxMessage,
  useRetryMessage,
} from '../api/admin';

const STATUS: Record<OutboxStatus, { label: string; tone: Tone }> = {
  pending: { label: 'Queued', tone: 'yellow' },
  sending: { label: 'Sending', tone: 'blue' },
  sent: { label: 'Sent', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
};

/** The mail outbox: what is queued, sent, or failed (with the error), and a retry for failures. */
export function OutboxTab() {
  const [status, setStatus] = useState<OutboxStatus | ''>('');
  const outbox = useOutbox(status);
  const messages = outbox.data?.pages.flatMap((p) => p.messages) ?? [];

  return (
    <section aria-labelledby="outbox-title" className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="outbox-title" className="text-lg font-bold">
          E-mail outbox
        </h2>
        <div className="grid gap-1.5 sm:w-48">
          <Label htmlFor="outbox-status">Status</Label>
          <NativeSelect
            id="outbox-status"
            value={status}
            onChange={(e) => setStatus(e.target.value as OutboxStatus | '')}
          >
            <option value="">All e-mails</option>
            {(Object.keys(STATUS) as OutboxStatus[]).map((s) => (
              <option key={s} value={s}>
                {STATUS[s].label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {outbox.isPending ? (
        <div className="grid gap-2" role="status" aria-label="Loading e-mails">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : outbox.isError ? (
        <ErrorState message="Failed to load e-mails" onRetry={() => outbox.refetch()} />
      ) : messages.length === 0 ? (
        <EmptyState title="No e-mails here" description="E-mails appear as soon as something queues one." />
      ) : (
        <>
          <ul className="grid gap-2" aria-label="E-mails">
            {messages.map((m) => (
              <MessageRow key={m.id} message={m} />
            ))}
          </ul>
          {outbox.hasNextPage && (
            <Button
              variant="outline"
              className="justify-self-center"
              onClick={() => outbox.fetchNextPage()}
              disabled={outbox.isFetchingNextPage}
            >
              {outbox.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          )}
        </>
      )}
      <TemplatePreviews />
    </section>
  );
}

/** Every e-mail the product sends, rendered with sample data (opens in a new tab). */
function TemplatePreviews() {
  const templates = useMailTemplates();
  if (!templates.data?.length) return null;
  return (
    <details className="rounded-lg border border-border bg-card p-4">
      <summary className="cursor-pointer font-semibold">Preview e-mail templates</summary>
      <ul className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
        {templates.data.map((name) => (
          <li key={name} className="flex flex-wrap items-center gap-x-3">
            <span className="font-mono text-xs">{name}</span>
            <a
              className="font-semibold text-brand-700 underline underline-offset-4"
              href={`/api/admin/mail-preview/${name}`}
              target="_blank"
              rel="noreferrer"
            >
              HTML<span className="sr-only"> preview of {name}</span>
            </a>
            <a
              className="font-semibold text-brand-700 underline underline-offset-4"
              href={`/api/admin/mail-preview/${name}?format=text`}
              target="_blank"
              rel="noreferrer"
            >
              Text<span className="sr-only"> preview of {name}</span>
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

function MessageRow({ message: m }: { message: OutboxMessage }) {
  const retry = useRetryMessage();
  const [open, setOpen] = useState(false);
  const s = STATUS[m.status];
  return (
    <li data-testid="outbox-row">
      {open && <MessageDialog id={m.id} onClose={() => setOpen(false)} />}
      <Card className="grid gap-2 p-3 text-sm sm:grid-cols-[1fr_auto] sm:items-center">
        <div className="grid gap-1">
          <button
            type="button"
            className="cursor-pointer justify-self-start text-left font-semibold text-brand-700 underline-offset-4 hover:underline"
            onClick={() => setOpen(true)}
          >
            {m.subject || '(no subject)'}
          </button>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Badge tone={s.tone}>{s.label}</Badge>
            <span className="font-medium break-all">To: {m.recipient}</span>
            <span className="font-mono text-xs">{m.template}</span>
          </div>
          <p className="text-muted-foreground">
            Queued {formatDateTime(m.createdAt)}
            {m.sentAt && ` · sent ${formatDateTime(m.sentAt)}`}
            {m.status === 'pending' && m.attempts > 0 && ` · next try ${formatDateTime(m.nextAttemptAt)}`}
            {m.attempts > 0 && ` · ${m.attempts} ${m.attempts === 1 ? 'attempt' : 'attempts'}`}
          </p>
          {m.lastError && m.status !== 'sent' && (
            <p className="font-mono text-xs break-all text-red-800">{m.lastError}</p>
          )}
        </div>
        {m.status === 'failed' && (
          <Button
            size="sm"
            variant="outline"
            disabled={retry.isPending}
            onClick={() =>
              retry.mutate(m.id, {
                onSuccess: () => toast.success('E-mail queued again'),
                onError: (err) => toast.error(`Failed to retry e-mail: ${err.message}`),
              })
            }
          >
            <RotateCcw aria-hidden="true" /> Retry
          </Button>
        )}
      </Card>
    </li>
  );
}

/** The message as its recipient got it: HTML (sandboxed, no scripts) and the text part. */
function MessageDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const q = useOutboxMessage(id);
  const m = q.data;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle className="text-lg break-words">{m?.subject || 'E-mail'}</DialogTitle>
          <DialogDescription>
            {m
              ? `To ${m.recipient} · ${m.template} · ${STATUS[m.status].label} · ${formatDateTime(m.createdAt)}`
              : ''}
          </DialogDescription>
        </DialogHeader>
        {q.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : q.isError ? (
          <ErrorState message="Failed to load the e-mail" onRetry={() => q.refetch()} />
        ) : (
          <Tabs defaultValue="html">
            <TabsList aria-label="Message format">
              <TabsTrigger value="html">HTML</TabsTrigger>
              <TabsTrigger value="text">Text</TabsTrigger>
            </TabsList>
            <TabsContent value="html">
              <iframe
                title={`HTML of ${q.data.subject}`}
                sandbox=""
                srcDoc={q.data.html}
                className="h-[60dvh] w-full rounded-md border border-border bg-white"
              />
            </TabsContent>
            <TabsContent value="text">
              <pre className="max-h-[60dvh] overflow-auto whitespace-pre-wrap break-words rounded-md border border-border bg-muted p-3 text-xs">
                {q.data.text}
              </pre>
            </TabsContent>
          </Tabs>
        )}
      </DialogContent>
    </Dialog>
  );
}
