import type * as React from 'react';
import { cn } from '@/lib/utils';

export type Tone = 'green' | 'blue' | 'yellow' | 'orange' | 'red' | 'grey' | 'brand';

// Strong text on light fills: readable in daylight, and the text always says the state (never colour alone).
const TONES: Record<Tone, string> = {
  green: 'bg-green-100 text-green-900 border-green-300',
  blue: 'bg-blue-100 text-blue-900 border-blue-300',
  yellow: 'bg-yellow-100 text-yellow-900 border-yellow-300',
  orange: 'bg-orange-100 text-orange-900 border-orange-300',
  red: 'bg-red-100 text-red-900 border-red-300',
  grey: 'bg-gray-100 text-gray-800 border-gray-300',
  brand: 'bg-brand-100 text-brand-800 border-brand-600/30',
};

export function Badge({
  tone = 'grey',
  className,
  ...props
}: React.ComponentProps<'span'> & { tone?: Tone }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        TONES[tone],
        className,
      )}
      {...props}
    />
  );
}
