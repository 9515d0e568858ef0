import { meterDiffers, meterMismatchMessage } from '@domain/hours-check';
import { ANNOUNCEMENTS } from '@domain/inspection';
import type { InspectionDraft } from '@domain/inspection-api';
import { formatCount } from '@domain/numbers';
import { Button } from '@/components/ui/button';
import { waitingText } from '../offline/inspector-app';

/** The last screen of the form: announcements, what is still unrated, and publishing with a confirmation. */
export function PublishScreen({
  draft,
  unrated,
  missing,
  unratedBySection,
  errors,
  confirming,
  publishing,
  waitingPhotos = 0,
  waitingRecordings = 0,
  confirmHours,
  onConfirmHours,
  onGo,
  onAnnouncements,
  onPublish,
  onConfirm,
  onCancel,
}: {
  draft: InspectionDraft;
  unrated: number;
  /** What publishing needs besides ratings (domain `publishReadiness`), with the screen that takes it. */
  missing: { field: string; message: string; index: number }[];
  unratedBySection: { title: string; index: number; n: number }[];
  errors: Record<string, string>;
  confirming: boolean;
  /** The report is submitted (kept in the phone until it is published). */
  publishing: boolean;
  /** Photos of this tractor still in the phone while the submission waits for them. */
  waitingPhotos?: number;
  /** The engine sound, when it waits in the phone too. */
  waitingRecordings?: number;
  confirmHours: boolean;
  onConfirmHours: (confirmed: boolean) => void;
  onGo: (i: number) => void;
  onAnnouncements: (ids: string[]) => void;
  onPublish: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const next = (draft.lastPublished?.number ?? 0) + 1;
  // A dealer's listing stays hidden until an admin approves it (docs/product/dealer-selling.md#admin-review).
  const reviewStatus = draft.listing.reviewStatus;
  const waitsForReview = reviewStatus !== null && reviewStatus !== 'approved';
  // A meter far from the listed hours needs the inspector's confirmation (docs/decisions/0042-hours-corrected-at-inspection.md).
  const listed = draft.listing.hours;
  const meter = draft.hourMeter;
  const hoursDiffer = meter !== null && meterDiffers(listed, meter);
  return (
    <div className="space-y-5">
      <h1 tabIndex={-1} className="text-2xl font-extrabold focus:outline-none">
        Announcements and publish
      </h1>
      <fieldset className="space-y-2 rounded-lg border border-border p-3">
        <legend className="px-1 font-semibold">Announcements (the things a buyer must not miss)</legend>
        {ANNOUNCEMENTS.map((a) => {
          const checked = draft.announcements.includes(a.id);
          return (
            <label key={a.id} className="flex min-h-12 items-center gap-3">
              <input
                type="checkbox"
                className="size-6 accent-red-700"
                checked={checked}
                onChange={() =>
                  onAnnouncements(
                    checked ? draft.announcements.filter((x) => x !== a.id) : [...draft.announcements, a.id],
                  )
                }
              />
              <span>{a.label}</span>
            </label>
          );
        })}
      </fieldset>
      {unrated > 0 || missing.length > 0 ? (
        <div
          className="space-y-2 rounded-lg border border-orange-300 bg-orange-50 p-3 text-orange-950"
          role="status"
          data-testid="publish-missing"
        >
          <p className="font-semibold">
            {unrated > 0
              ? `Rate every checkpoint before publishing: ${unrated} of ${draft.total} not rated yet.`
              : `All ${draft.total} checkpoints are rated. Still needed before publishing:`}
          </p>
          <ul className="space-y-1">
            {unratedBySection.map((x) => (
              <li key={x.title}>
                <button
                  type="button"
                  className="min-h-11 font-semibold text-brand-700 underline"
                  onClick={() => onGo(x.index)}
                >
                  {x.title}: {x.n} not rated
                </button>
              </li>
            ))}
            {missing.map((m) => (
              <li key={m.field}>
                <button
                  type="button"
                  className="min-h-11 text-left font-semibold text-brand-700 underline"
                  onClick={() => onGo(m.index)}
                >
                  {m.message}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="rounded-lg border border-green-300 bg-green-50 p-3 font-semibold text-green-900">
          All {draft.total} checkpoints are rated, with serial, hour meter and their photos.
        </p>
      )}
      {Object.entries(errors)
        .filter(([k]) => !k.includes('.') || k.startsWith('identification.'))
        .map(([k, m]) => (
          <p key={k} className="text-sm font-semibold text-red-700" role="alert">
            {m}
          </p>
        ))}
      {hoursDiffer && (
        <label className="flex min-h-12 items-start gap-3 rounded-lg border-2 border-amber-600 p-3">
          <input
            type="checkbox"
            className="mt-1 size-6 accent-brand-700"
            checked={confirmHours}
            onChange={(e) => onConfirmHours(e.target.checked)}
          />
          <span>
            <span className="block font-semibold">{meterMismatchMessage(listed, meter)}</span>
            Confirm the meter reading: the listing's hours become {formatCount(meter)} h.
          </span>
        </label>
      )}
      {publishing && (
        <p
          role="status"
          className="rounded-lg border-2 border-orange-700 p-3 font-semibold"
          data-testid="submission-status"
        >
          {waitingPhotos || waitingRecordings
            ? `Report submitted. ${waitingText(waitingPhotos, waitingRecordings)}: it is published once the server holds every photo.`
            : 'Report submitted: publishing...'}
        </p>
      )}
      {confirming ? (
        <div className="space-y-3 rounded-lg border-2 border-brand-700 p-3">
          <p className="font-semibold">
            Publish revision {next} of this report?
            {next > 1
              ? ' Dealers with an open offer on this tractor are told the report changed.'
              : waitsForReview
                ? ' The report is published with the listing when FieldLot approves it.'
                : ' The tractor goes live with it.'}
          </p>
          <div className="flex gap-3">
            <Button variant="outline" size="lg" className="flex-1" onClick={onCancel}>
              Cancel
            </Button>
            <Button size="lg" className="flex-1" onClick={onConfirm} disabled={publishing}>
              {publishing ? 'Publishing...' : `Publish revision ${next}`}
            </Button>
          </div>
        </div>
      ) : (
        <Button
          size="lg"
          className="w-full"
          disabled={unrated > 0 || missing.length > 0 || publishing || (hoursDiffer && !confirmHours)}
          onClick={onPublish}
        >
          Publish report
        </Button>
      )}
    </div>
  );
}
