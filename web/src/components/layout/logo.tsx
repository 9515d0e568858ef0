/** The FieldLot mark: a tractor in harvest gold on field green (same drawing as /fieldlot-logo.svg). */
export function LogoMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#14532d" />
      <path d="M8 55h48" stroke="#f5b82e" strokeWidth="2" strokeLinecap="round" opacity=".45" />
      <path
        d="M14.5 12.5h16l2.5 17.5h-18.5z"
        fill="none"
        stroke="#f5b82e"
        strokeWidth="3.4"
        strokeLinejoin="round"
      />
      <path d="M29 26.5h17.5a6 6 0 0 1 6 6v8.5H29z" fill="#f5b82e" />
      <rect x="41" y="16.5" width="3.4" height="11" rx="1.2" fill="#f5b82e" />
      <circle cx="21.5" cy="41" r="11" fill="#14532d" stroke="#f5b82e" strokeWidth="4" />
      <circle cx="21.5" cy="41" r="3.6" fill="#f5b82e" />
      <circle cx="46.5" cy="46" r="7" fill="#14532d" stroke="#f5b82e" strokeWidth="3.4" />
      <circle cx="46.5" cy="46" r="2.1" fill="#f5b82e" />
    </svg>
  );
}

/** Mark plus name; `dark` for green backgrounds (white lettering). */
export function Logo({ name = 'FieldLot', dark = false }: { name?: string; dark?: boolean }) {
  return (
    <span
      className={`inline-flex items-center gap-2 text-xl font-extrabold tracking-tight ${
        dark ? 'text-white' : 'text-brand-800'
      }`}
    >
      <LogoMark />
      {name}
    </span>
  );
}
