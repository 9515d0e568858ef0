/** Admin panel tab; placeholder until its feature lands. */
export function AdminInquiriesTab() {
  return <p className="text-muted-foreground">Coming soon.</p>;
}
