import {
  ENGINE_SOUND_ID,
  INSPECTION_SECTIONS,
  publishReadiness,
  type Rating,
  TYRE_POSITIONS,
} from '@domain/inspection';
import type { InspectionDraft } from '@domain/inspection-api';
import { formatCount } from '@domain/numbers';
import { ArrowLeft, ArrowRight, CheckCircle2, CloudOff, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { serverFieldErrors } from '@/lib/form-errors';
import { useStickyScrollPadding } from '@/lib/use-sticky-scroll-padding';
import { useDraft, useRemovePhoto } from '../api/inspections';
import { usePhotoQueue, waitingText } from '../offline/inspector-app';
import { enqueuePhoto, enqueueSubmission, onQueueEvent, removeQueuedPhoto } from '../offline/photo-queue';
import { CheckpointField, PhotoButton, PhotoStrip, type StripPhoto } from './checkpoint-field';
import { DetailInput } from './detail-input';
import { EngineSound } from './engine-sound';
import { PublishScreen } from './publish-screen';
import { StorageWarning } from './storage-warning';
import { type SyncState, useDraftSync } from './use-draft-sync';

const PUBLISH_STEP = INSPECTION_SECTIONS.length;
/** Photographed in the identification block at the top of the first screen. */
const IDENTIFICATION_PHOTOS: string[] = ['identification.hour-meter', 'identification.serial-plate'];
const stepKey = (id: string) => `fieldlot:inspection-step:${id}`;

function SaveStatus({ state, waiting }: { state: SyncState; waiting: number }) {
  if (state === 'offline')
    return (
      <span className="flex items-center gap-1 text-orange-800">
        <CloudOff className="size-4" aria-hidden="true" /> Offline: {waiting} waiting to save
      </span>
    );
  if (state === 'saving')
    return (
      <span className="flex items-center gap-1">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Saving...
      </span>
    );
  if (state === 'saved')
    return (
      <span className="flex items-center gap-1 text-green-800">
        <CheckCircle2 className="size-4" aria-hidden="true" /> Saved
      </span>
    );
  if (state === 'error') return <span className="text-red-700">Not saved: see the field</span>;
  return null;
}

/** Overlays changes still waiting to be saved on the server's draft, so the form shows what was given. */
function withPending(
  draft: InspectionDraft,
  pending: ReturnType<typeof useDraftSync>['pending'],
): InspectionDraft {
  let d = draft;
  for (const c of Object.values(pending)) {
    if (c.kind === 'answer')
      d = {
        ...d,
        answers: { ...d.answers, [c.body.checkpointId]: { rating: c.body.rating, note: c.body.note } },
      };
    else
      d = {
        ...d,
        ...(c.body.serial !== undefined ? { serial: c.body.serial } : {}),
        ...(c.body.hourMeter !== undefined ? { hourMeter: c.body.hourMeter } : {}),
        ...(c.body.announcements ? { announcements: c.body.announcements } : {}),
        ...(c.body.treads ? { treads: { ...d.treads, ...c.body.treads } as Record<string, number> } : {}),
      };
  }
  const rated = Object.values(d.answers).filter((a) => a.rating).length;
  return { ...d, rated };
}

/**
 * The inspector's form, built for a phone in a yard: one section a screen, four large rating buttons, the camera
 * from a photo button, every answer saved as it is given, progress ("62 of 110"), and the last screen publishes.
 */
export function InspectionForm({ userId, listingId }: { userId: string; listingId: string }) {
  const query = useDraft(listingId);
  const sync = useDraftSync(userId, listingId);
  const removePhoto = useRemovePhoto(listingId);
  const queue = usePhotoQueue();
  const navigate = useNavigate();
  const [step, setStep] = useState<number>(() => Number(localStorage.getItem(stepKey(listingId)) ?? 0) || 0);
  const [uploadingFor, setUploadingFor] = useState<string | null>(null);
  const [photoErrors, setPhotoErrors] = useState<Record<string, string>>({});
  const [publishErrors, setPublishErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [confirmHours, setConfirmHours] = useState(false);
  // "Submit report" queued in the phone: published by the queue once the server holds every photo.
  const submitted = queue.submissions.some((s) => s.listingId === listingId);

  // Back and Next start the new screen at its heading, not on the bottom bar, for keyboard and screen-reader
  // users (docs/accessibility.md, 2.4.3); the Screen list leaves the focus where it is (3.2.2).
  const screenRef = useRef<HTMLDivElement>(null);
  const headingNext = useRef(false);
  const topBar = useRef<HTMLElement>(null);
  const bottomBar = useRef<HTMLElement>(null);
  useStickyScrollPadding(topBar, bottomBar, Boolean(query.data));
  const move = (to: number) => {
    headingNext.current = true;
    setStep(to);
  };
  useEffect(() => {
    localStorage.setItem(stepKey(listingId), String(step));
    window.scrollTo({ top: 0 });
    if (!headingNext.current) return;
    headingNext.current = false;
    screenRef.current?.querySelector<HTMLElement>('h1')?.focus({ preventScroll: true });
  }, [listingId, step]);

  // The queue says how the submission ended (the toast is the inspector app's: useInspectorApp).
  useEffect(
    () =>
      onQueueEvent((e) => {
        if (e.listingId !== listingId) return;
        if (e.type === 'published') {
          localStorage.removeItem(stepKey(listingId));
          navigate('/inspect');
        }
        if (e.type === 'refused') setPublishErrors({ ...serverFieldErrors(e.error), _: e.error.message });
      }),
    [listingId, navigate],
  );

  if (query.isPending) return <LoadingState text="Loading the inspection..." />;
  if (query.isError)
    return <ErrorState message="The inspection could not be loaded" onRetry={() => query.refetch()} />;

  const draft = withPending(query.data, sync.pending);
  const l = draft.listing;
  const errors = { ...sync.errors, ...photoErrors, ...publishErrors };
  // Photos still in the phone show beside those sent (one that just arrived is shown once).
  const sentIds = new Set(draft.photos.map((p) => p.clientId).filter(Boolean));
  const queued = queue.photos.filter((p) => p.listingId === listingId && !sentIds.has(p.clientId));
  const waitingAll = queued.filter((p) => p.state !== 'refused');
  // "12 of 40 photos sent" counts photos; the engine sound is named on its own.
  const waiting = waitingAll.filter((p) => p.checkpointId !== ENGINE_SOUND_ID).length;
  const waitingRecordings = waitingAll.length - waiting;
  const sentPhotos = draft.photos.filter((p) => !p.mediaType).length;
  const photosOf = (id: string): StripPhoto[] => [
    ...draft.photos.filter((p) => p.checkpointId === id).map((p) => ({ id: p.id, src: p.src })),
    ...queued
      .filter((p) => p.checkpointId === id)
      .map((p) => ({ id: `queued:${p.clientId}`, src: p.url, state: p.state, refused: p.refused })),
  ];
  const removeAny = (id: string) =>
    id.startsWith('queued:') ? void removeQueuedPhoto(id.slice(7)) : removePhoto.mutate(id);
  const answerOf = (id: string) => draft.answers[id] ?? { rating: null, note: '' };

  const rate = (checkpointId: string, rating: Rating) =>
    sync.submit({ kind: 'answer', body: { checkpointId, rating, note: answerOf(checkpointId).note } });
  const note = (checkpointId: string, text: string) =>
    sync.submit({
      kind: 'answer',
      body: { checkpointId, rating: answerOf(checkpointId).rating, note: text },
    });
  // Kept in the phone at once (IndexedDB) and sent in the background (docs/product/condition-reports.md#offline).
  const addPhoto = (checkpointId: string, file: Blob, name?: string) => {
    setUploadingFor(checkpointId);
    enqueuePhoto(listingId, checkpointId, file, name)
      .then(() => {
        setPhotoErrors(({ [checkpointId]: _, ...rest }) => rest);
        setPublishErrors(({ [checkpointId]: _, ...rest }) => rest);
      })
      .catch(() =>
        setPhotoErrors((e) => ({
          ...e,
          [checkpointId]: `The phone could not keep this ${checkpointId === ENGINE_SOUND_ID ? 'recording' : 'photo'}: its storage may be full`,
        })),
      )
      .finally(() => setUploadingFor(null));
  };

  // Sent once, after every photo: the server checks it holds each one listed (id and SHA-256) before publishing.
  const doPublish = () => {
    setConfirming(false);
    setPublishErrors({});
    const held = draft.photos.flatMap((p) =>
      p.clientId && p.sha256 ? [{ clientId: p.clientId, sha256: p.sha256 }] : [],
    );
    enqueueSubmission(listingId, confirmHours, held).catch((err: Error) =>
      setPublishErrors({ _: err.message }),
    );
  };

  const section = INSPECTION_SECTIONS[step];
  const unratedBySection = INSPECTION_SECTIONS.map((s) => ({
    s,
    i: INSPECTION_SECTIONS.indexOf(s),
    n: s.checkpoints.filter((c) => !answerOf(c.id).rating).length,
  })).filter((x) => x.n > 0);
  const unrated = draft.total - draft.rated;
  // The same rule the server's publish refuses on (docs/product/condition-reports.md#publishing).
  const readiness = publishReadiness({
    ratings: Object.fromEntries(
      Object.entries(draft.answers).flatMap(([id, a]) => (a.rating ? [[id, a.rating]] : [])),
    ),
    serial: draft.serial,
    hourMeter: draft.hourMeter,
    photoCheckpoints: [
      ...draft.photos.map((p) => p.checkpointId),
      ...queued.filter((p) => p.state !== 'refused').map((p) => p.checkpointId),
    ],
  });
  const sectionOf = (field: string) =>
    Math.max(
      0,
      INSPECTION_SECTIONS.findIndex((s) => s.checkpoints.some((c) => c.id === field)),
    );

  return (
    <div className="mx-auto max-w-xl">
      {/* Stuck under the site's header (h-16 and its border), not under it: nothing of it is hidden. */}
      <header
        ref={topBar}
        className="sticky top-[calc(4rem+1px)] z-20 space-y-2 border-b border-border bg-background/95 px-3 py-2 backdrop-blur"
      >
        <div className="flex items-center justify-between gap-2 text-sm">
          <Link
            to="/inspect"
            className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700"
          >
            <ArrowLeft className="size-4" aria-hidden="true" /> Tractors
          </Link>
          <SaveStatus state={sync.state} waiting={sync.waiting} />
        </div>
        {waitingAll.length > 0 && (
          <p
            className="flex flex-wrap gap-x-2 text-sm font-semibold text-orange-900"
            data-testid="photo-queue"
          >
            <span>{waitingText(waiting, waitingRecordings)}</span>
            {waiting > 0 && (
              <span>
                {sentPhotos} of {sentPhotos + waiting} photos sent
              </span>
            )}
          </p>
        )}
        <StorageWarning />
        <p className="truncate font-bold">
          {l.year} {l.make} {l.model}
        </p>
        <div className="flex items-center gap-2">
          <progress
            className="h-2 flex-1 accent-brand-700"
            max={draft.total}
            value={draft.rated}
            aria-hidden="true"
          />
          <span className="shrink-0 text-sm font-semibold tabular-nums" data-testid="progress">
            {draft.rated} of {draft.total}
          </span>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <span className="shrink-0 text-muted-foreground">Screen</span>
          <select
            className="h-11 min-w-0 flex-1 rounded-md border border-border bg-card px-2"
            value={step}
            onChange={(e) => setStep(Number(e.target.value))}
          >
            {INSPECTION_SECTIONS.map((s, i) => (
              <option key={s.id} value={i}>
                {i + 1}. {s.title}
              </option>
            ))}
            <option value={PUBLISH_STEP}>{PUBLISH_STEP + 1}. Announcements and publish</option>
          </select>
        </label>
      </header>

      <div ref={screenRef} className="space-y-4 px-3 pt-4">
        {section ? (
          <>
            <h1 tabIndex={-1} className="text-2xl font-extrabold focus:outline-none">
              {section.title}
            </h1>
            {section.id === 'identification' && (
              <div className="space-y-4 rounded-lg border border-border p-3">
                <DetailInput
                  label="Serial/PIN"
                  value={draft.serial}
                  error={errors.serial}
                  onSave={(v) => sync.submit({ kind: 'details', body: { serial: v } })}
                />
                <DetailInput
                  label="Hour-meter reading"
                  numeric
                  value={draft.hourMeter === null ? '' : String(draft.hourMeter)}
                  hint={
                    draft.lastPublished
                      ? `Last report: ${formatCount(draft.lastPublished.hourMeter)} h`
                      : undefined
                  }
                  error={errors.hourMeter}
                  onSave={(v) =>
                    sync.submit({ kind: 'details', body: { hourMeter: v === '' ? null : Number(v) } })
                  }
                />
                {(['identification.hour-meter', 'identification.serial-plate'] as const).map((id) => (
                  <div key={id} className="space-y-2">
                    <p className="text-sm font-semibold">
                      {id === 'identification.hour-meter'
                        ? 'Photo of the hour meter'
                        : 'Photo of the serial plate'}
                    </p>
                    <PhotoButton
                      label={
                        id === 'identification.hour-meter' ? 'Photograph the meter' : 'Photograph the plate'
                      }
                      busy={uploadingFor === id}
                      onFile={(f) => addPhoto(id, f)}
                    />
                    {errors[id] && <p className="text-sm font-semibold text-red-700">{errors[id]}</p>}
                    <PhotoStrip photos={photosOf(id)} onRemove={removeAny} />
                  </div>
                ))}
              </div>
            )}
            {section.id === 'tyres' && (
              <div className="grid grid-cols-2 gap-3 rounded-lg border border-border p-3">
                <p className="col-span-2 text-sm font-semibold">Tread left, in percent (0 to 100)</p>
                {TYRE_POSITIONS.map((p) => (
                  <DetailInput
                    key={p.id}
                    label={p.label}
                    numeric
                    value={draft.treads[p.id] === undefined ? '' : String(draft.treads[p.id])}
                    error={errors[`treads.${p.id}`]}
                    onSave={(v) =>
                      v !== '' && sync.submit({ kind: 'details', body: { treads: { [p.id]: Number(v) } } })
                    }
                  />
                ))}
              </div>
            )}
            {section.checkpoints.map((c) => (
              <CheckpointField
                key={c.id}
                checkpoint={c}
                rating={answerOf(c.id).rating}
                note={answerOf(c.id).note}
                photos={photosOf(c.id)}
                error={errors[c.id]}
                uploading={uploadingFor === c.id}
                onRate={(r) => rate(c.id, r)}
                onNote={(n) => note(c.id, n)}
                onPhoto={(f) => addPhoto(c.id, f)}
                onRemovePhoto={removeAny}
                ownPhotos={!IDENTIFICATION_PHOTOS.includes(c.id)}
                notice={sync.notices[c.id]}
                onDismissNotice={() => sync.dismiss(c.id)}
              />
            ))}
            {section.id === 'engine' && (
              <EngineSound
                recordings={photosOf(ENGINE_SOUND_ID)}
                busy={uploadingFor === ENGINE_SOUND_ID}
                error={errors[ENGINE_SOUND_ID]}
                onRecording={(file, name) => addPhoto(ENGINE_SOUND_ID, file, name)}
                onRemove={removeAny}
              />
            )}
          </>
        ) : (
          <PublishScreen
            draft={draft}
            unrated={unrated}
            missing={readiness.missing.map((m) => ({
              ...m,
              index: sectionOf(
                m.field.startsWith('identification.') ? m.field : 'identification.serial-plate',
              ),
            }))}
            unratedBySection={unratedBySection.map(({ s, i, n }) => ({ title: s.title, index: i, n }))}
            errors={errors}
            confirming={confirming}
            publishing={submitted}
            waitingPhotos={submitted ? waiting : 0}
            waitingRecordings={submitted ? waitingRecordings : 0}
            confirmHours={confirmHours}
            onConfirmHours={setConfirmHours}
            onGo={move}
            onAnnouncements={(ids) => sync.submit({ kind: 'details', body: { announcements: ids as never } })}
            onPublish={() => setConfirming(true)}
            onConfirm={doPublish}
            onCancel={() => setConfirming(false)}
          />
        )}
      </div>

      <nav
        ref={bottomBar}
        aria-label="Screens"
        className="sticky bottom-0 z-20 mt-6 border-t border-border bg-background/95 p-3 backdrop-blur"
      >
        <div className="flex gap-3">
          <Button
            variant="outline"
            size="lg"
            className="flex-1"
            disabled={step === 0}
            onClick={() => move(step - 1)}
          >
            <ArrowLeft aria-hidden="true" /> Back
          </Button>
          {step < PUBLISH_STEP && (
            <Button size="lg" className="flex-1" onClick={() => move(step + 1)}>
              Next <ArrowRight aria-hidden="true" />
            </Button>
          )}
        </div>
      </nav>
    </div>
  );
}
