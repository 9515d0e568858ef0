import { GALLERY_IMAGE_SIZES } from '@domain/listings';
import { ChevronLeft, ChevronRight, Tractor } from 'lucide-react';
import { useRef, useState } from 'react';
import { cn } from '@/lib/utils';
import type { ListingImage } from '../api/listings';

/** Large image, thumbnail strip when there are several; arrow keys and swipe move through them. */
export function ImageGallery({ images, title }: { images: ListingImage[]; title: string }) {
  const [index, setIndex] = useState(0);
  const touchX = useRef<number | null>(null);
  if (images.length === 0)
    return (
      <div className="flex aspect-[4/3] flex-col items-center justify-center gap-2 rounded-lg bg-muted text-muted-foreground">
        <Tractor className="size-20" aria-hidden="true" />
        <p>No photos yet</p>
      </div>
    );
  const count = images.length;
  const go = (i: number) => setIndex((i + count) % count);
  const current = images[Math.min(index, count - 1)];

  return (
    <div className="space-y-3">
      <section
        aria-roledescription="carousel"
        aria-label={`Photos of ${title}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the gallery takes arrow keys when focused
        tabIndex={0}
        className="relative overflow-hidden rounded-lg bg-muted focus-visible:outline-3 focus-visible:outline-brand-700"
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight') go(index + 1);
          else if (e.key === 'ArrowLeft') go(index - 1);
          else return;
          e.preventDefault();
        }}
        onTouchStart={(e) => {
          touchX.current = e.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(e) => {
          const start = touchX.current;
          const end = e.changedTouches[0]?.clientX;
          touchX.current = null;
          if (start === null || end === undefined || Math.abs(end - start) < 40) return;
          go(end < start ? index + 1 : index - 1);
        }}
      >
        <img
          key={current.id}
          src={current.src}
          srcSet={current.srcSet}
          sizes={GALLERY_IMAGE_SIZES}
          width={current.width}
          height={current.height}
          alt={`${title}, ${index + 1} of ${count}`}
          // The page's largest paint: fetched first, before scripts and thumbnails (decision 0020).
          fetchPriority="high"
          className="aspect-[4/3] w-full object-cover"
          data-testid="gallery-main"
        />
        {count > 1 && (
          <>
            <button
              type="button"
              onClick={() => go(index - 1)}
              className="absolute left-2 top-1/2 flex size-11 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/75"
              aria-label="Previous photo"
            >
              <ChevronLeft className="size-6" aria-hidden="true" />
            </button>
            <button
              type="button"
              onClick={() => go(index + 1)}
              className="absolute right-2 top-1/2 flex size-11 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/75"
              aria-label="Next photo"
            >
              <ChevronRight className="size-6" aria-hidden="true" />
            </button>
            <p
              className="absolute bottom-2 right-2 rounded bg-black/65 px-2 py-0.5 text-sm font-medium text-white"
              aria-live="polite"
            >
              {index + 1} / {count}
            </p>
          </>
        )}
      </section>
      {count > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Thumbnails">
          {images.map((img, i) => (
            <li key={img.id} className="shrink-0">
              <button
                type="button"
                onClick={() => go(i)}
                aria-label={`Show photo ${i + 1} of ${count}`}
                aria-current={i === index ? 'true' : undefined}
                className={cn(
                  'block w-24 cursor-pointer overflow-hidden rounded-md border-2 sm:w-28',
                  i === index ? 'border-brand-700' : 'border-transparent opacity-80 hover:opacity-100',
                )}
              >
                <img
                  src={img.srcSet.split(', ')[0]?.split(' ')[0] ?? img.src}
                  alt=""
                  loading="lazy"
                  width={img.width}
                  height={img.height}
                  className="aspect-[4/3] w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
