import { useEffect, useState } from 'react';

/** A text or number field of the draft, saved when it is left (the parent decides what to save). */
export function DetailInput({
  label,
  value,
  numeric,
  hint,
  error,
  onSave,
}: {
  label: string;
  value: string;
  numeric?: boolean;
  hint?: string;
  error?: string;
  onSave: (v: string) => void;
}) {
  const [v, setV] = useState(value);
  useEffect(() => setV(value), [value]);
  const id = `detail-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        value={v}
        inputMode={numeric ? 'numeric' : undefined}
        onChange={(e) => setV(numeric ? e.target.value.replace(/[^\d]/g, '') : e.target.value)}
        onBlur={() => v !== value && onSave(v.trim())}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="h-12 w-full rounded-md border border-border bg-card px-3 text-base"
      />
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
