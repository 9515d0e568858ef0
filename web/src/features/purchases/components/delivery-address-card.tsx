import { type DeliveryAddress, deliveryAddressSchema } from '@domain/purchases';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError, Input, Label } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { applyServerErrors } from '@/lib/form-errors';
import { useDeliveryAddress, useSaveAddress } from '../api/purchases';

type Values = z.input<typeof deliveryAddressSchema>;
const EMPTY: DeliveryAddress = { addressLine: '', city: '', state: '', zip: '' };

/** docs/product/purchases.md#delivery-and-landed-cost: the company address, where FieldLot delivers. */
export function DeliveryAddressCard() {
  const address = useDeliveryAddress();
  const save = useSaveAddress();
  const form = useForm<Values>({
    resolver: zodResolver(deliveryAddressSchema),
    values: address.data ?? EMPTY,
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    save.mutate(deliveryAddressSchema.parse(values), {
      onSuccess: () => toast.success('Delivery address saved'),
      onError: (e) => {
        if (!applyServerErrors(form, e)) toast.error('Failed to save the delivery address');
      },
    }),
  );
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
        {address.isPending ? (
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
