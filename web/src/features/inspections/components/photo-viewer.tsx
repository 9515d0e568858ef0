import type { InspectionPhoto } from '@domain/inspection-api';
import { ChevronLeft, ChevronRight, XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { Button } from '@/components/ui/button';

/** A checkpoint's photos full screen: arrows (buttons and keys) move through them, Escape closes. */
export function PhotoViewer({
  photos,
  index,
  label,
  onIndex,
  onClose,
}: {
  photos: InspectionPhoto[];
  index: number | null;
  label: string;
  onIndex: (i: number) => void;
  onClose: () => void;
}) {
  const open = index !== null && photos.length > 0;
  const i = index ?? 0;
  const photo = photos[Math.min(i, photos.length - 1)];
  const go = (d: number) => onIndex((i + d + photos.length) % photos.length);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/90" />
        <DialogPrimitive.Content
          className="fixed inset-0 z-50 flex flex-col items-center justify-center p-2 text-white outline-none"
          onKeyDown={(e) => {
            if (e.key === 'ArrowRight') go(1);
            else if (e.key === 'ArrowLeft') go(-1);
          }}
        >
          <DialogPrimitive.Title className="sr-only">{label}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">
            Photo {i + 1} of {photos.length}
          </DialogPrimitive.Description>
          {photo && (
            <img
              src={photo.full}
              alt={`${label} (${i + 1} of ${photos.length})`}
              className="max-h-[85dvh] max-w-full object-contain"
            />
          )}
          <p className="mt-2 text-sm">
            {label} · {i + 1} of {photos.length}
          </p>
          {photos.length > 1 && (
            <>
              <Button
                variant="secondary"
                size="icon"
                className="absolute left-2 top-1/2 -translate-y-1/2"
                onClick={() => go(-1)}
                aria-label="Previous photo"
              >
                <ChevronLeft />
              </Button>
              <Button
                variant="secondary"
                size="icon"
                className="absolute right-2 top-1/2 -translate-y-1/2"
                onClick={() => go(1)}
                aria-label="Next photo"
              >
                <ChevronRight />
              </Button>
            </>
          )}
          <DialogPrimitive.Close asChild>
            <Button
              variant="secondary"
              size="icon"
              className="absolute right-3 top-3"
              aria-label="Close photo"
            >
              <XIcon />
            </Button>
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
