import { type AccountProfile, updateProfileBody } from '@domain/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError, Input, Label } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { useUpdateMyAccount } from '../api/accounts';

const schema = updateProfileBody.pick({ name: true, companyName: true, resaleCertificate: true });
type Values = z.input<typeof schema>;

/** docs/product/accounts.md#my-account: name, company and resale certificate are editable; the e-mail is read-only. */
export function PersonalInfoCard({ account }: { account: AccountProfile }) {
  const update = useUpdateMyAccount();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    values: {
      name: account.name,
      companyName: account.companyName,
      resaleCertificate: account.resaleCertificate ?? '',
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    update.mutate(schema.parse(values), {
      onSuccess: () => toast.success('Personal information updated successfully'),
      onError: () => toast.error('Failed to update personal information'),
    }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Personal Information</CardTitle>
        <CardDescription>Your name and company as other parts of the marketplace show them.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor="account-name">Full Name</Label>
            <Input
              id="account-name"
              autoComplete="name"
              aria-invalid={!!errors.name}
              aria-describedby={errors.name ? 'account-name-error' : undefined}
              {...form.register('name')}
            />
            <FieldError id="account-name-error" message={errors.name?.message} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="account-company">Company Name</Label>
            <Input
              id="account-company"
              autoComplete="organization"
              aria-invalid={!!errors.companyName}
              aria-describedby={errors.companyName ? 'account-company-error' : undefined}
              {...form.register('companyName')}
            />
            <FieldError id="account-company-error" message={errors.companyName?.message} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="account-resale">Resale certificate number</Label>
            <Input
              id="account-resale"
              aria-invalid={!!errors.resaleCertificate}
              aria-describedby={errors.resaleCertificate ? 'account-resale-error' : 'account-resale-hint'}
              {...form.register('resaleCertificate')}
            />
            <p id="account-resale-hint" className="text-sm text-muted-foreground">
              Printed on your invoices. Optional.
            </p>
            <FieldError id="account-resale-error" message={errors.resaleCertificate?.message} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="account-email">Email</Label>
            <Input
              id="account-email"
              value={account.email}
              readOnly
              aria-describedby="account-email-hint"
              className="bg-muted"
            />
            <p id="account-email-hint" className="text-sm text-muted-foreground">
              Email cannot be changed
            </p>
          </div>
          <Button type="submit" disabled={update.isPending} className="self-start">
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
