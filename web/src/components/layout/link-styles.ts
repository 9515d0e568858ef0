/**
 * Button-looking class strings for links and buttons on the public pages. Plain strings (no tailwind-merge)
 * keep the landing page's first load small; callers never pass conflicting classes.
 */
const base =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-semibold transition-colors [&_svg]:size-4 [&_svg]:shrink-0';

export const linkButton = {
  primary: `${base} h-11 px-4 text-sm bg-primary text-primary-foreground hover:bg-brand-800`,
  gold: `${base} h-12 px-6 text-base bg-accent text-accent-foreground hover:bg-gold-300`,
  outline: `${base} h-11 px-4 text-sm border border-border bg-card text-foreground hover:bg-muted`,
  /** For dark (green) backgrounds. */
  ghostLight: `${base} h-12 px-6 text-base border border-white/60 text-white hover:bg-white/10`,
  primaryLg: `${base} h-12 px-6 text-base bg-primary text-primary-foreground hover:bg-brand-800`,
};
