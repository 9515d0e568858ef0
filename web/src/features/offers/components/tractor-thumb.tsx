import { Tractor } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * A listing's image, or a placeholder when it has none. `first`: the first in its list, on screen as the page
 * paints (often its largest picture), so it loads at once rather than when the browser gets round to it.
 */
export function TractorThumb({
  src,
  alt,
  className,
  first,
}: {
  src: string | null;
  alt: string;
  className?: string;
  first?: boolean;
}) {
  if (!src)
    return (
      <div
        className={cn('flex items-center justify-center bg-muted text-muted-foreground', className)}
        role="img"
        aria-label={`${alt} (no photo)`}
      >
        <Tractor className="size-10" aria-hidden="true" />
      </div>
    );
  return (
    <img
      src={src}
      alt={alt}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : undefined}
      decoding="async"
      className={cn('object-cover', className)}
    />
  );
}
