import { type Checkpoint, RATING_LABELS, RATINGS, type Rating } from '@domain/inspection';
import { Camera, Loader2, type LucideIcon, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '@/lib/utils';

const SHORT: Record<Rating, string> = { ok: 'OK', monitor: 'Monitor', repair: 'Repair', na: 'N/A' };
const PRESSED: Record<Rating, string> = {
  ok: 'bg-green-700 text-white border-green-800',
  monitor: 'bg-yellow-400 text-yellow-950 border-yellow-600',
  repair: 'bg-red-700 text-white border-red-800',
  na: 'bg-gray-600 text-white border-gray-700',
};

/**
 * A photo button that opens the phone's camera (any image file on a computer); with `accept` and `icon`, the same
 * for another kind of file (the engine sound's recordings).
 */
export function PhotoButton({
  label,
  busy,
  onFile,
  accept = 'image/*',
  icon: Icon = Camera,
  busyLabel = 'Saving photo...',
}: {
  label: string;
  busy: boolean;
  onFile: (file: File) => void;
  accept?: string;
  icon?: LucideIcon;
  busyLabel?: string;
}) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className="inline-flex min-h-12 cursor-pointer items-center gap-2 rounded-md border border-border bg-card px-4 font-semibold hover:bg-muted focus-within:outline-3 focus-within:outline-brand-700"
    >
      {busy ? (
        <Loader2 className="size-5 animate-spin" aria-hidden="true" />
      ) : (
        <Icon className="size-5" aria-hidden="true" />
      )}
      {busy ? busyLabel : label}
      <input
        id={id}
        type="file"
        accept={accept}
        capture="environment"
        className="sr-only"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </label>
  );
}

/** A photo as the form shows it: sent (on the server), or still in the phone with its state. */
export interface StripPhoto {
  id: string;
  src: string;
  /** Still in the phone: waiting, being sent, or refused by the server (with why). */
  state?: 'waiting' | 'sending' | 'refused';
  refused?: string;
}

/** A photo's (or the engine sound's) state while it is still in the phone. */
export const STATE_TEXT = { waiting: 'Waiting to send', sending: 'Sending...', refused: 'Not sent' } as const;

export function PhotoStrip({ photos, onRemove }: { photos: StripPhoto[]; onRemove: (id: string) => void }) {
  if (photos.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2">
      {photos.map((p, i) => (
        <li key={p.id} className="relative w-20" data-photo-state={p.state ?? 'sent'}>
          <img
            src={p.src}
            alt={`Shot ${i + 1}`}
            className={cn(
              'size-20 rounded-md border border-border object-cover',
              p.state && 'border-dashed border-orange-700',
            )}
          />
          {p.state && (
            <p
              className={cn(
                'text-xs font-semibold',
                p.state === 'refused' ? 'text-red-700' : 'text-orange-900',
              )}
              title={p.refused}
            >
              {STATE_TEXT[p.state]}
              {p.refused ? `: ${p.refused}` : ''}
            </p>
          )}
          <button
            type="button"
            onClick={() => onRemove(p.id)}
            className="absolute -right-2 -top-2 flex size-9 items-center justify-center rounded-full border border-border bg-card shadow"
            aria-label={`Remove photo ${i + 1}`}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** One checkpoint: four large rating buttons, a note (saved when you leave it) and photos. */
export function CheckpointField({
  checkpoint,
  rating,
  note,
  photos,
  error,
  uploading,
  onRate,
  onNote,
  onPhoto,
  onRemovePhoto,
  ownPhotos = true,
  notice,
  onDismissNotice,
}: {
  /** What another phone's answer did to this one (docs/product/condition-reports.md#two-phones). */
  notice?: string;
  onDismissNotice?: () => void;
  /** False where the screen asks for this checkpoint's photo elsewhere (meter and plate on Identification). */
  ownPhotos?: boolean;
  checkpoint: Checkpoint;
  rating: Rating | null;
  note: string;
  photos: StripPhoto[];
  error?: string;
  uploading: boolean;
  onRate: (r: Rating) => void;
  onNote: (note: string) => void;
  onPhoto: (file: File) => void;
  onRemovePhoto: (id: string) => void;
}) {
  const [showNote, setShowNote] = useState(note !== '');
  const [draftNote, setDraftNote] = useState(note);
  const noteId = useId();
  const headingId = useId();
  return (
    <fieldset
      className={cn('space-y-3 rounded-lg border p-3', error ? 'border-red-500' : 'border-border')}
      aria-labelledby={headingId}
      data-checkpoint={checkpoint.id}
    >
      <legend id={headingId} className="px-1 text-base font-semibold">
        {checkpoint.label}
      </legend>
      <div className="grid grid-cols-4 gap-2">
        {RATINGS.map((r) => (
          <button
            key={r}
            type="button"
            aria-pressed={rating === r}
            aria-label={RATING_LABELS[r]}
            onClick={() => onRate(r)}
            className={cn(
              'min-h-14 rounded-md border-2 px-1 text-sm font-bold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
              rating === r ? PRESSED[r] : 'border-border bg-card text-foreground hover:bg-muted',
            )}
          >
            {SHORT[r]}
          </button>
        ))}
      </div>
      {error && (
        <p className="text-sm font-semibold text-red-700" role="alert">
          {error}
        </p>
      )}
      {notice && (
        <div
          role="status"
          className="flex items-start justify-between gap-2 rounded-md border border-orange-700 bg-orange-50 p-2 text-sm text-orange-950"
          data-testid="answer-notice"
        >
          <p>{notice}</p>
          <button
            type="button"
            onClick={onDismissNotice}
            className="min-h-11 shrink-0 rounded-md px-2 font-semibold text-brand-700 hover:bg-muted"
          >
            Dismiss
          </button>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {ownPhotos && <PhotoButton label="Photo" busy={uploading} onFile={onPhoto} />}
        {!showNote && (
          <button
            type="button"
            className="min-h-12 rounded-md px-3 font-semibold text-brand-700 hover:bg-muted"
            onClick={() => setShowNote(true)}
          >
            Add note
          </button>
        )}
      </div>
      {showNote && (
        <div className="space-y-1">
          <label htmlFor={noteId} className="text-sm font-semibold">
            Note
          </label>
          <textarea
            id={noteId}
            value={draftNote}
            maxLength={1000}
            rows={2}
            onChange={(e) => setDraftNote(e.target.value)}
            onBlur={() => draftNote !== note && onNote(draftNote)}
            className="w-full rounded-md border border-border bg-card p-2 text-base"
          />
        </div>
      )}
      {ownPhotos && <PhotoStrip photos={photos} onRemove={onRemovePhoto} />}
    </fieldset>
  );
}
