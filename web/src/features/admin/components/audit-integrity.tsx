import { auditExportQuery } from '@domain/admin';
import { Download, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { formatDateTime } from '@/lib/format';
import { auditExportUrl, useAuditVerification } from '../api/admin';

/**
 * The nightly check of the audit log's hash chain: "Audit: verified through <time>", or what the last run found
 * when it failed (docs/product/security.md#audit-log).
 */
export function AuditVerificationStatus() {
  const q = useAuditVerification();
  if (q.isPending)
    return (
      <div role="status" aria-label="Loading the audit check">
        <Skeleton className="h-6 w-72 max-w-full" />
      </div>
    );
  if (q.isError) return <ErrorState message="Failed to load the audit check" onRetry={() => q.refetch()} />;
  const v = q.data;
  const through = v.verifiedThrough ? (
    <>
      Audit: verified through <time dateTime={v.verifiedThrough}>{formatDateTime(v.verifiedThrough)}</time>
    </>
  ) : (
    'Audit: not verified yet'
  );
  if (v.lastRunOk === false)
    return (
      <div
        role="alert"
        className="grid gap-1 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
      >
        <p className="flex items-center gap-2 font-semibold">
          <ShieldAlert aria-hidden="true" className="size-4 shrink-0" />
          The last audit check failed{v.lastRunAt ? ` (${formatDateTime(v.lastRunAt)})` : ''}
        </p>
        <p>{through}</p>
        <ul className="list-disc pl-5 break-words">
          {v.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </div>
    );
  return (
    <p className="flex items-center gap-2 text-sm" data-testid="audit-verified">
      <ShieldCheck aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
      <span>{through}</span>
    </p>
  );
}

const two = (n: number) => String(n).padStart(2, '0');
const utcDay = (d: Date) => `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;

/** This month so far, in UTC days (the export's days are UTC). */
function thisMonthUtc(now: Date) {
  return { from: `${utcDay(now).slice(0, 8)}01`, to: utcDay(now) };
}

/** Export a period (UTC days, both included) as CSV or JSON with the chain's hashes. */
export function AuditExportForm() {
  const id = useId();
  const [range, setRange] = useState(() => thisMonthUtc(new Date()));
  const parsed = auditExportQuery.safeParse(range);
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const i of parsed.error.issues) errors[String(i.path[0])] ??= i.message;
  const dateField = (name: 'from' | 'to', label: string) => (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input
        id={`${id}-${name}`}
        type="date"
        value={range[name]}
        aria-invalid={!!errors[name]}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(e) => setRange({ ...range, [name]: e.target.value })}
      />
      <FieldError id={`${id}-${name}-error`} message={errors[name]} />
    </div>
  );
  const download = (format: 'csv' | 'json', label: string) =>
    parsed.success ? (
      <Button asChild variant="outline">
        <a href={auditExportUrl({ ...range, format })} download>
          <Download aria-hidden="true" /> {label}
        </a>
      </Button>
    ) : (
      <Button type="button" variant="outline" disabled>
        <Download aria-hidden="true" /> {label}
      </Button>
    );
  return (
    <form
      aria-label="Export the audit log"
      className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start"
      onSubmit={(e) => e.preventDefault()}
    >
      {dateField('from', 'From (UTC)')}
      {dateField('to', 'To (UTC)')}
      <div className="flex flex-wrap gap-2 sm:mt-6">
        {download('csv', 'Download CSV')}
        {download('json', 'Download JSON')}
      </div>
    </form>
  );
}
