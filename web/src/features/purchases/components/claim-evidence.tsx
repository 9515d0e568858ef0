import { NOT_IN_REPORT } from '@domain/purchases';
import type { Purchase } from '@domain/purchases-api';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { cn } from '@/lib/utils';

type Claim = Purchase['claims'][number];
type Photo = Claim['photos'][number];

/**
 * What a claim names and shows (docs/product/purchases.md#inspection-guarantee): each checkpoint with its section
 * and what the condition report said, and the photos as thumbnails that open the full size. The buyer's card and
 * the admin's Purchases screen show the same, so the admin decides with the evidence.
 */
export function ClaimEvidence({ claim }: { claim: Claim }) {
  return (
    <div className="mt-1 flex flex-col gap-2">
      <ul className="flex flex-col gap-1" aria-label="Checkpoints named in the claim">
        {claim.checkpoints.map((c) => (
          <li key={c.id} data-testid="claim-checkpoint">
            <span className="font-medium">{c.label}</span>
            {c.section && <span className="text-muted-foreground"> ({c.section})</span>}
            <span className="block text-muted-foreground">{reportSaid(c)}</span>
          </li>
        ))}
      </ul>
      <p>{claim.description}</p>
      <ClaimPhotos photos={claim.photos} />
    </div>
  );
}

function reportSaid(c: Claim['checkpoints'][number]): string {
  if (c.id === NOT_IN_REPORT) return 'Not covered by the condition report';
  if (!c.report) return 'The report did not rate it';
  return `The report said: ${c.report.ratingLabel}${c.report.note ? `, "${c.report.note}"` : ''}`;
}

function ClaimPhotos({ photos }: { photos: Photo[] }) {
  const [shown, setShown] = useState<number | null>(null);
  if (photos.length === 0) return <p className="text-muted-foreground">No photos attached.</p>;
  const alt = (i: number) => `Claim photo ${i + 1} of ${photos.length}`;
  return (
    <>
      <ul className="flex flex-wrap gap-2" aria-label="Claim photos">
        {photos.map((p, i) => (
          <li key={p.id}>
            <button
              type="button"
              onClick={() => setShown(i)}
              className="block rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              aria-label={`${alt(i)}: open full size`}
              data-testid="claim-photo"
            >
              <Picture src={p.thumbUrl} alt={alt(i)} className="size-16 object-cover" />
            </button>
          </li>
        ))}
      </ul>
      {shown !== null && photos[shown] && (
        <Dialog open onOpenChange={(o) => !o && setShown(null)}>
          <DialogContent className="max-w-3xl">
            <DialogHeader>
              <DialogTitle>{alt(shown)}</DialogTitle>
              <DialogDescription>
                Full size ({photos[shown].width} x {photos[shown].height} px).
              </DialogDescription>
            </DialogHeader>
            <Picture
              key={photos[shown].id}
              src={photos[shown].url}
              alt={alt(shown)}
              className="max-h-[70dvh] min-h-40 w-full object-contain"
            />
            {photos.length > 1 && (
              <DialogFooter>
                <Button variant="outline" disabled={shown === 0} onClick={() => setShown(shown - 1)}>
                  Previous photo
                </Button>
                <Button
                  variant="outline"
                  disabled={shown === photos.length - 1}
                  onClick={() => setShown(shown + 1)}
                >
                  Next photo
                </Button>
              </DialogFooter>
            )}
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}

/** An image with its loading (pulsing placeholder) and error states. */
function Picture({ src, alt, className }: { src: string; alt: string; className: string }) {
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  if (state === 'error')
    return (
      <span
        role="img"
        aria-label={`${alt}: could not be loaded`}
        className={cn('flex items-center justify-center rounded bg-muted text-muted-foreground', className)}
      >
        <ImageOff className="size-5" aria-hidden="true" />
      </span>
    );
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      aria-busy={state === 'loading'}
      onLoad={() => setState('ready')}
      onError={() => setState('error')}
      className={cn('rounded', state === 'loading' && 'animate-pulse bg-muted', className)}
    />
  );
}
