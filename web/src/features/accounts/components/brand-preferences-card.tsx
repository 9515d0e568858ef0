import { LISTING_BRANDS, type ListingBrand } from '@domain/brands';
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label, NativeSelect } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { toast } from '@/lib/toast';
import { useAddBrand, useMyBrands, useRemoveBrand } from '../api/accounts';

/** Preferred brands from the 20-brand list; brand notification e-mails follow them. */
export function BrandPreferencesCard() {
  const brands = useMyBrands();
  const add = useAddBrand();
  const remove = useRemoveBrand();
  const [choice, setChoice] = useState<ListingBrand | ''>('');
  const chosen = new Set(brands.data?.map((b) => b.brandName));
  const available = LISTING_BRANDS.filter((b) => !chosen.has(b));

  const addBrand = () => {
    if (!choice) return;
    add.mutate(choice, {
      onSuccess: () => {
        toast.success(`${choice} added to your preferred brands`);
        setChoice('');
      },
      onError: () => toast.error('Failed to add brand preference'),
    });
  };
  const removeBrand = (brand: ListingBrand) =>
    remove.mutate(brand, {
      onSuccess: () => toast.success(`${brand} removed from your preferred brands`),
      onError: () => toast.error('Failed to remove brand preference'),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Preferred Brands</CardTitle>
        <CardDescription>We e-mail you when new tractors of these brands are listed.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {brands.isLoading ? (
          <Skeleton className="h-10 w-full" />
        ) : brands.isError ? (
          <ErrorState message="Failed to load brand preferences" onRetry={() => brands.refetch()} />
        ) : brands.data?.length ? (
          <ul className="flex flex-wrap gap-2" aria-label="Your preferred brands">
            {brands.data.map((b) => (
              <li
                key={b.id}
                className="inline-flex items-center gap-1 rounded-full border border-brand-600/30 bg-brand-50 py-1 pr-1 pl-3 text-sm font-semibold text-brand-800"
              >
                {b.brandName}
                <button
                  type="button"
                  className="inline-flex size-8 items-center justify-center rounded-full hover:bg-brand-100"
                  aria-label={`Remove ${b.brandName}`}
                  disabled={remove.isPending}
                  onClick={() => removeBrand(b.brandName as ListingBrand)}
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-gray-700">
            No preferred brands yet. Add one below to hear about new listings.
          </p>
        )}
        <div className="flex flex-col gap-2">
          <Label htmlFor="brand-choice">Add a brand</Label>
          <div className="flex gap-2">
            <NativeSelect
              id="brand-choice"
              value={choice}
              onChange={(e) => setChoice(e.target.value as ListingBrand | '')}
            >
              <option value="">Select a brand</option>
              {available.map((b) => (
                <option key={b} value={b}>
                  {b}
                </option>
              ))}
            </NativeSelect>
            <Button onClick={addBrand} disabled={!choice || add.isPending} className="shrink-0">
              <Plus aria-hidden="true" /> Add Brand
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
