const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m: number, d: number) => `${y}-${pad(m + 1)}-${pad(d)}`;

/** The money view's default range: the first to the last day of `now`'s month, on the admin's calendar. */
export function thisMonth(now: Date): { from: string; to: string } {
  const y = now.getFullYear();
  const m = now.getMonth();
  const last = new Date(y, m + 1, 0).getDate();
  return { from: iso(y, m, 1), to: iso(y, m, last) };
}
