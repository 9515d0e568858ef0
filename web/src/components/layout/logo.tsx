import { cn } from '@/lib/utils';

/** The FieldLot mark: a tractor in harvest gold on field green. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={cn('size-9', className)} aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#14532d" />
      <path
        d="M14 40h8l4-14h14l4 8h6v6"
        fill="none"
        stroke="#f5b82e"
        strokeWidth="5"
        strokeLinejoin="round"
      />
      <circle cx="22" cy="44" r="7" fill="#f5b82e" />
      <circle cx="46" cy="46" r="5" fill="#f5b82e" />
    </svg>
  );
}

export function Logo({ name = 'FieldLot', className }: { name?: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-2 text-xl font-extrabold tracking-tight text-brand-800',
        className,
      )}
    >
      <LogoMark />
      {name}
    </span>
  );
}
