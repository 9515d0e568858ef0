import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { ErrorState } from '@/components/ui/states';
import { serverFieldErrors } from '@/lib/form-errors';
import { formatLongDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useCreateInspector, useInspectors } from '../api/inspections';

/** Admins only: the inspector accounts, and a form that creates one with a first password to hand over. */
export function InspectorAccounts() {
  const list = useInspectors();
  const create = useCreateInspector();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [values, setValues] = useState({ name: '', email: '', password: '' });
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues({ ...values, [k]: e.target.value });

  function submit(e: FormEvent) {
    e.preventDefault();
    create.mutate(values, {
      onSuccess: (u) => {
        toast.success(`Inspector account created for ${u.email}`);
        setValues({ name: '', email: '', password: '' });
        setFields({});
      },
      onError: (err) => setFields({ _: err.message, ...serverFieldErrors(err) }),
    });
  }

  const field = (k: keyof typeof values, label: string, type = 'text') => (
    <div className="space-y-1.5">
      <Label htmlFor={`inspector-${k}`}>{label}</Label>
      <Input
        id={`inspector-${k}`}
        type={type}
        value={values[k]}
        onChange={set(k)}
        autoComplete={k === 'password' ? 'new-password' : 'off'}
        aria-invalid={fields[k] ? true : undefined}
        aria-describedby={fields[k] ? `inspector-${k}-error` : undefined}
      />
      {fields[k] && (
        <p id={`inspector-${k}-error`} className="text-sm font-semibold text-destructive">
          {fields[k]}
        </p>
      )}
    </div>
  );

  return (
    <Card className="space-y-4 p-4">
      <h2 className="text-xl font-bold">Inspector accounts</h2>
      {list.isError ? (
        <ErrorState message="Failed to load inspectors" onRetry={() => list.refetch()} />
      ) : (
        <ul className="divide-y divide-border text-sm">
          {list.data?.items.length === 0 && (
            <li className="py-2 text-muted-foreground">No inspectors yet.</li>
          )}
          {list.data?.items.map((u) => (
            <li key={u.id} className="flex flex-wrap justify-between gap-2 py-2">
              <span className="font-semibold">{u.name}</span>
              <span className="text-muted-foreground">
                {u.email} · since {formatLongDate(u.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-3" aria-label="New inspector account">
        {field('name', 'Full Name')}
        {field('email', 'Email', 'email')}
        {field('password', 'First password', 'password')}
        {fields._ && !fields.name && !fields.email && !fields.password && (
          <p className="text-sm font-semibold text-destructive sm:col-span-3" role="alert">
            {fields._}
          </p>
        )}
        <div className="sm:col-span-3">
          <Button type="submit" disabled={create.isPending}>
            Create inspector account
          </Button>
        </div>
      </form>
    </Card>
  );
}
