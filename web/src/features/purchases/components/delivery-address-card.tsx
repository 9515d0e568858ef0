import { DEALERSHIP_ADDRESS_TITLE, dealershipAddressText } from '@domain/purchases';
import {
  type DeliveryAddress,
  type DeliveryAddressAnswer,
  deliveryAddressSchema,
} from '@domain/purchases-api';
import { zodResolver } from '@hookform/resolvers/zod';
import { Building2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError, Input, Label } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useDeliveryAddress, useSaveAddress } from '../api/purchases';

type Values = z.input<typeof deliveryAddressSchema>;
const EMPTY: DeliveryAddress = { addressLine: '', city: '', state: '', zip: '' };

/**
 * docs/product/purchases.md#delivery-and-landed-cost: the company address, where FieldLot delivers. A team member
 * sees their dealership's address read-only: its owner keeps it (docs/decisions/0041-every-listing-has-a-yard.md).
 */
export function DeliveryAddressCard() {
  const answer = useDeliveryAddress();
  if (answer.isError) return <ErrorState message={answer.error.message} onRetry={() => answer.refetch()} />;
  if (answer.data?.managedBy) return <DealershipAddressCard answer={answer.data} />;
  return <OwnAddressCard address={answer.data?.address ?? null} pending={answer.isPending} />;
}

/** A team member's view: whose address it is, who manages it, the address itself. */
function DealershipAddressCard({ answer }: { answer: DeliveryAddressAnswer }) {
  const { address, managedBy } = answer;
  if (!managedBy) return null;
  return (
    <Card data-testid="dealership-address">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Building2 className="size-5" aria-hidden="true" /> {DEALERSHIP_ADDRESS_TITLE}
        </CardTitle>
        <CardDescription>{dealershipAddressText(managedBy.dealership, managedBy.owner)}</CardDescription>
      </CardHeader>
      <CardContent>
        {address ? (
          <address className="not-italic leading-relaxed">
            {address.addressLine}
            <br />
            {address.city}, {address.state} {address.zip}
          </address>
        ) : (
          <p className="text-muted-foreground">
            Your dealership has no delivery address yet: ask {managedBy.owner} to add it.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function OwnAddressCard({ address, pending }: { address: DeliveryAddress | null; pending: boolean }) {
  const save = useSaveAddress();
  const form = useForm<Values>({
    resolver: zodResolver(deliveryAddressSchema),
    values: address ?? EMPTY,
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(deliveryAddressSchema.parse(values));
      toast.success('Delivery address saved');
    } catch (e) {
      if (!applyServerErrors(form, e)) toast.error('Failed to save the delivery address');
    }
  });
  const field = (name: keyof Values, label: string, autoComplete: string) => (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`address-${name}`}>{label}</Label>
      <Input
        id={`address-${name}`}
        autoComplete={autoComplete}
        aria-invalid={!!errors[name]}
        aria-describedby={errors[name] ? `address-${name}-error` : undefined}
        {...form.register(name)}
      />
      <FieldError id={`address-${name}-error`} message={errors[name]?.message} />
    </div>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Company Address</CardTitle>
        <CardDescription>
          Where FieldLot delivers your tractors; delivery estimates use its ZIP code.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {pending ? (
          <Skeleton className="h-40 w-full" />
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">{field('addressLine', 'Street address', 'street-address')}</div>
            {field('city', 'City', 'address-level2')}
            <div className="grid grid-cols-2 gap-4">
              {field('state', 'State', 'address-level1')}
              {field('zip', 'ZIP code', 'postal-code')}
            </div>
            <Button type="submit" disabled={save.isPending} className="self-start">
              {save.isPending ? 'Saving...' : 'Save Address'}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
