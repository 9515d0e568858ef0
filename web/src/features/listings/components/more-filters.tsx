import { GRADE_FILTER_OPTIONS, gradeFilterForConditions } from '@domain/condition-grades';
import { US_STATES, YEAR_MIN, yearMax } from '@domain/listings';
import { stateName, stateNamed } from '@domain/places';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label, NativeSelect } from '@/components/ui/input';

type Values = Record<
  'yearMin' | 'yearMax' | 'hoursMax' | 'priceMin' | 'priceMax' | 'state' | 'gradeMin',
  string
>;

/** "More Filters": year range, maximum hours, price range (dollars), state, grade at least (the one condition scale). */
export function MoreFilters({
  id,
  params,
  showPrice,
  onApply,
}: {
  id: string;
  params: URLSearchParams;
  showPrice: boolean;
  onApply: (changes: Record<string, string | undefined>) => void;
}) {
  const fromUrl = (): Values => ({
    yearMin: params.get('yearMin') ?? '',
    yearMax: params.get('yearMax') ?? '',
    hoursMax: params.get('hoursMax') ?? '',
    priceMin: params.get('priceMin') ?? '',
    priceMax: params.get('priceMax') ?? '',
    // "ia" in a shared link selects Iowa, as the filter reads it (domain/places.ts).
    state: stateName(stateNamed(params.get('state'))) ?? '',
    gradeMin: params.get('gradeMin') ?? oldConditionGrade(params),
  });
  const [v, setV] = useState<Values>(fromUrl);
  const [error, setError] = useState<string | null>(null);
  // Back/forward changes the URL: show what it says.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read only when the URL changes
  useEffect(() => setV(fromUrl()), [params]);

  const set = (k: keyof Values) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });

  function submit(e: FormEvent) {
    e.preventDefault();
    const n = (s: string) => (s === '' ? undefined : Number(s));
    if ((n(v.yearMin) ?? 0) > (n(v.yearMax) ?? Number.POSITIVE_INFINITY))
      return setError('Minimum year cannot be after maximum year');
    if ((n(v.priceMin) ?? 0) > (n(v.priceMax) ?? Number.POSITIVE_INFINITY))
      return setError('Minimum price cannot be above maximum price');
    setError(null);
    onApply({
      yearMin: v.yearMin,
      yearMax: v.yearMax,
      hoursMax: v.hoursMax,
      priceMin: showPrice ? v.priceMin : undefined,
      priceMax: showPrice ? v.priceMax : undefined,
      state: v.state,
      gradeMin: v.gradeMin,
      condition: undefined,
    });
  }

  const reset = () => {
    setError(null);
    onApply({
      yearMin: undefined,
      yearMax: undefined,
      hoursMax: undefined,
      priceMin: undefined,
      priceMax: undefined,
      state: undefined,
      gradeMin: undefined,
      condition: undefined,
    });
  };

  const field = (key: keyof Values, label: string, props: React.ComponentProps<'input'>) => (
    <div className="space-y-1.5">
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <Input
        id={`${id}-${key}`}
        type="number"
        inputMode="numeric"
        value={v[key] as string}
        onChange={set(key)}
        {...props}
      />
    </div>
  );

  return (
    <form
      id={id}
      onSubmit={submit}
      className="space-y-4 rounded-lg border border-border bg-card p-4"
      aria-label="More Filters"
    >
      <div className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-6">
        {field('yearMin', 'Year from', { min: YEAR_MIN, max: yearMax(), placeholder: String(YEAR_MIN) })}
        {field('yearMax', 'Year to', { min: YEAR_MIN, max: yearMax(), placeholder: String(yearMax()) })}
        {field('hoursMax', 'Max hours', { min: 0, step: 100, placeholder: 'Any' })}
        {showPrice && field('priceMin', 'Min price ($)', { min: 0, step: 1000, placeholder: 'Any' })}
        {showPrice && field('priceMax', 'Max price ($)', { min: 0, step: 1000, placeholder: 'Any' })}
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-state`}>State</Label>
          <NativeSelect id={`${id}-state`} value={v.state} onChange={set('state')}>
            <option value="">All States</option>
            {US_STATES.map(([code, name]) => (
              <option key={code} value={name}>
                {name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-gradeMin`}>Grade at least</Label>
          <NativeSelect id={`${id}-gradeMin`} value={v.gradeMin} onChange={set('gradeMin')}>
            <option value="">Any grade</option>
            {GRADE_FILTER_OPTIONS.map((g) => (
              <option key={g} value={String(g)}>
                {g.toFixed(1)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={reset}>
          Reset filters
        </Button>
        <Button type="submit">Apply filters</Button>
      </div>
    </form>
  );
}

/** An old saved `?condition=` URL as its "Grade at least" (docs/decisions/0052-old-condition-links.md). */
function oldConditionGrade(params: URLSearchParams): string {
  const grade = gradeFilterForConditions(params.get('condition')?.split(',').filter(Boolean));
  return grade === undefined ? '' : String(grade);
}
