/**
 * The loading spinner and text, for the app shell and `/` (ui/states LoadingState renders it too): kept apart
 * from the UI kit so the landing page's first load does not pull in the button and class-merging code.
 */
export function PageLoading({ text = 'Loading...' }: { text?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 p-10 text-muted-foreground">
      <span
        className="size-5 animate-spin rounded-full border-2 border-brand-700 border-t-transparent"
        aria-hidden="true"
      />
      <span>{text}</span>
    </div>
  );
}
