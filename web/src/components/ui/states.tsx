import { AlertTriangle, Inbox } from 'lucide-react';
import type * as React from 'react';
import { PageLoading } from '@/components/layout/page-loading';
import { Button } from './button';

/** Error state with a retry, for every request that can fail. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-8 text-center"
    >
      <AlertTriangle className="size-8 text-destructive" aria-hidden="true" />
      <p className="font-semibold text-red-900">{message}</p>
      {onRetry && (
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

/** Empty state that says what to do next. */
export function EmptyState({
  title,
  description,
  action,
  icon,
}: {
  title: string;
  description?: string;
  action?: React.ReactNode;
  icon?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border bg-card p-10 text-center">
      {icon ?? <Inbox className="size-10 text-muted-foreground" aria-hidden="true" />}
      <h2 className="text-lg font-bold">{title}</h2>
      {description && <p className="max-w-md text-muted-foreground">{description}</p>}
      {action}
    </div>
  );
}

/** Loading text the spec names, with a spinner; announced politely (the shell's PageLoading, text required). */
export function LoadingState({ text }: { text: string }) {
  return <PageLoading text={text} />;
}
