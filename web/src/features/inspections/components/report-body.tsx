import {
  ANNOUNCEMENTS,
  ENGINE_SOUND_ID,
  ENGINE_SOUND_LABEL,
  GRADE_RULE_TEXT,
  INSPECTION_SECTIONS,
  RATING_LABELS,
  type Rating,
  sectionCounts,
  sectionSummary,
} from '@domain/inspection';
import type { FullReport, InspectionPhoto } from '@domain/inspection-api';
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { Badge, type Tone } from '@/components/ui/badge';
import { formatHours } from '@/lib/format';
import { PhotoViewer } from './photo-viewer';
import { TyreDiagram } from './tyre-diagram';

export const RATING_TONE: Record<Rating, Tone> = {
  ok: 'green',
  monitor: 'yellow',
  repair: 'red',
  na: 'grey',
};

/** Announcements first, wherever the report is shown: the things a buyer must not miss. */
export function Announcements({ ids }: { ids: string[] }) {
  const list = ANNOUNCEMENTS.filter((a) => ids.includes(a.id));
  if (list.length === 0)
    return (
      <p className="flex items-center gap-2 rounded-md border border-green-300 bg-green-50 p-3 text-sm font-semibold text-green-900">
        <CheckCircle2 className="size-5 shrink-0" aria-hidden="true" /> No announcements: none of the things a
        buyer must not miss applies to this tractor.
      </p>
    );
  return (
    <div
      role="note"
      aria-label="Announcements"
      className="rounded-md border-2 border-red-300 bg-red-50 p-3 text-red-900"
    >
      <p className="flex items-center gap-2 font-bold">
        <AlertTriangle className="size-5 shrink-0" aria-hidden="true" /> Announcements
      </p>
      <ul className="mt-1 list-disc space-y-0.5 pl-8 text-sm font-semibold">
        {list.map((a) => (
          <li key={a.id}>{a.label}</li>
        ))}
      </ul>
    </div>
  );
}

function Thumbs({ photos, label }: { photos: InspectionPhoto[]; label: string }) {
  const [open, setOpen] = useState<number | null>(null);
  if (photos.length === 0) return null;
  return (
    <>
      <ul className="mt-2 flex flex-wrap gap-2">
        {photos.map((p, i) => (
          <li key={p.id}>
            <button
              type="button"
              onClick={() => setOpen(i)}
              className="block overflow-hidden rounded-md border border-border focus-visible:outline-3 focus-visible:outline-brand-700"
              aria-label={`Open photo ${i + 1} of ${label} full screen`}
            >
              <img
                src={p.src}
                srcSet={p.srcSet}
                sizes="96px"
                alt=""
                className="size-20 object-cover"
                loading="lazy"
              />
            </button>
          </li>
        ))}
      </ul>
      <PhotoViewer
        photos={photos}
        index={open}
        label={label}
        onIndex={setOpen}
        onClose={() => setOpen(null)}
      />
    </>
  );
}

/**
 * The full report: announcements, identification, tyres, each section with its counts opening to its checkpoints,
 * notes and photos, and "How we grade". `expanded` opens every section (the printable page). Its parts are titled
 * one level under the heading it sits under: `h3` under the tractor page's "Condition Report" (`h2`), `h2` on the
 * printable page, right under its `h1` (`headingLevel`).
 */
export function ReportBody({
  report,
  expanded = false,
  headingLevel = 3,
}: {
  report: FullReport;
  expanded?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const ratings = Object.fromEntries(Object.entries(report.ratings).map(([id, a]) => [id, a.rating]));
  const photosOf = (id: string) => report.photos.filter((p) => p.checkpointId === id);
  const recordings = photosOf(ENGINE_SOUND_ID);
  return (
    <div className="space-y-5">
      <Announcements ids={report.announcements} />
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">Serial/PIN</dt>
          <dd className="font-semibold break-all">{report.serial}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Hour meter</dt>
          <dd className="font-semibold">{formatHours(report.hourMeter)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Revision</dt>
          <dd className="font-semibold">{report.number}</dd>
        </div>
      </dl>
      <section aria-labelledby="tyres-heading" className="space-y-2">
        <Heading id="tyres-heading" className="font-bold">
          Tyres or tracks: tread
        </Heading>
        <TyreDiagram treads={report.treads} />
      </section>
      {recordings.length > 0 && (
        <section aria-labelledby="engine-sound-heading" className="space-y-2">
          <Heading id="engine-sound-heading" className="font-bold">
            {ENGINE_SOUND_LABEL}
          </Heading>
          {recordings.map((r) => (
            // biome-ignore lint/a11y/useMediaCaption: an engine running has no words to caption
            <audio
              key={r.id}
              controls
              preload="none"
              src={r.src}
              className="w-full max-w-md"
              aria-label={ENGINE_SOUND_LABEL}
            />
          ))}
          <p className="text-sm text-muted-foreground">Recorded by the inspector with the engine running.</p>
        </section>
      )}
      <section aria-labelledby="sections-heading" className="space-y-2">
        <Heading id="sections-heading" className="font-bold">
          Checkpoints by section
        </Heading>
        <ul className="divide-y divide-border rounded-md border border-border">
          {INSPECTION_SECTIONS.map((s) => {
            const counts = sectionCounts(s.id, ratings);
            const flagged = counts.repair > 0 ? 'red' : counts.monitor > 0 ? 'yellow' : null;
            return (
              <li key={s.id}>
                <details open={expanded || undefined} className="group">
                  <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 px-3 py-2 hover:bg-muted focus-visible:outline-3 focus-visible:outline-brand-700">
                    <span>
                      <span className="font-semibold">{s.title}:</span> {sectionSummary(s.id, ratings)}
                    </span>
                    {flagged && (
                      <Badge tone={flagged}>
                        {counts.repair > 0 ? `${counts.repair} Repair` : `${counts.monitor} Monitor`}
                      </Badge>
                    )}
                  </summary>
                  <ul className="space-y-3 px-3 pb-3 pt-1">
                    {s.checkpoints.map((c) => {
                      const answer = report.ratings[c.id];
                      return (
                        <li key={c.id} className="text-sm">
                          <div className="flex items-start justify-between gap-3">
                            <span>{c.label}</span>
                            {answer && (
                              <Badge tone={RATING_TONE[answer.rating]}>{RATING_LABELS[answer.rating]}</Badge>
                            )}
                          </div>
                          {answer?.note && (
                            <p className="mt-0.5 text-muted-foreground">Note: {answer.note}</p>
                          )}
                          <Thumbs photos={photosOf(c.id)} label={c.label} />
                        </li>
                      );
                    })}
                  </ul>
                </details>
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby="how-we-grade" className="space-y-1 text-sm">
        <Heading id="how-we-grade" className="font-bold">
          How we grade
        </Heading>
        <ol className="list-decimal space-y-1 pl-5 text-muted-foreground">
          {GRADE_RULE_TEXT.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
      </section>
    </div>
  );
}
