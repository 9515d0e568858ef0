import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

// tailwind-merge builds its tables on its first call: 10-30 ms of a phone's core. They are built in a task of
// their own as soon as this module loads, not inside the first render that calls cn() (decision 0062).
if (typeof window !== 'undefined') setTimeout(() => twMerge('p-0 p-1'), 0);
