/** Admin panel tab; placeholder until its feature lands. */
export function AdminOffersTab() {
  return <p className="text-muted-foreground">Coming soon.</p>;
}
