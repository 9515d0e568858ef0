import { Tractor } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A listing's image, or a placeholder when it has none. */
export function TractorThumb({
  src,
  alt,
  className,
}: {
  src: string | null;
  alt: string;
  className?: string;
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
    <img src={src} alt={alt} loading="lazy" decoding="async" className={cn('object-cover', className)} />
  );
}
