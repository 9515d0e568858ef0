import { ENGINE_SOUND_LABEL, ENGINE_SOUND_MAX_SECONDS } from '@domain/inspection';
import { FileAudio, Loader2, Mic, Square, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { PhotoButton, STATE_TEXT, type StripPhoto } from './checkpoint-field';

const clock = (s: number) => `0:${String(s).padStart(2, '0')}`;
const extensionOf = (type: string) => (type.includes('mp4') ? 'm4a' : type.includes('ogg') ? 'ogg' : 'webm');

/** Records from the phone's microphone and stops by itself at the limit; null where the browser cannot. */
function useRecorder(onDone: (blob: Blob, name: string) => void) {
  const [seconds, setSeconds] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stopRef = useRef<(() => void) | null>(null);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => () => stopRef.current?.(), []);
  const supported = typeof MediaRecorder !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

  async function start() {
    setError(null);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setError('The microphone could not be used: allow it, or choose a recording instead');
      return;
    }
    const recorder = new MediaRecorder(stream);
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => e.data.size && chunks.push(e.data);
    const started = Date.now();
    const tick = setInterval(() => {
      const s = Math.floor((Date.now() - started) / 1000);
      setSeconds(Math.min(s, ENGINE_SOUND_MAX_SECONDS));
      if (s >= ENGINE_SOUND_MAX_SECONDS) stop();
    }, 250);
    function stop() {
      clearInterval(tick);
      stopRef.current = null;
      if (recorder.state !== 'inactive') recorder.stop();
      for (const t of stream.getTracks()) t.stop();
    }
    recorder.onstop = () => {
      setSeconds(null);
      const type = recorder.mimeType || chunks[0]?.type || 'audio/webm';
      if (chunks.length) done.current(new Blob(chunks, { type }), `engine-sound.${extensionOf(type)}`);
    };
    stopRef.current = stop;
    recorder.start(1000);
    setSeconds(0);
  }
  return { supported, seconds, error, start, stop: () => stopRef.current?.() };
}

/**
 * The engine sound (docs/product/condition-reports.md#engine-sound): up to 30 seconds recorded on the phone, or a
 * recording chosen from it. Kept in the phone at once and sent with the photos; one a report (remove it to record
 * again).
 */
export function EngineSound({
  recordings,
  busy,
  error,
  onRecording,
  onRemove,
}: {
  recordings: StripPhoto[];
  busy: boolean;
  error?: string;
  onRecording: (file: Blob, name: string) => void;
  onRemove: (id: string) => void;
}) {
  const recorder = useRecorder(onRecording);
  const headingId = useId();
  const recording = recorder.seconds !== null;
  return (
    <section
      className="space-y-3 rounded-lg border border-border p-3"
      aria-labelledby={headingId}
      data-checkpoint="engine.sound"
    >
      <h2 id={headingId} className="text-base font-semibold">
        {ENGINE_SOUND_LABEL} <span className="font-normal text-muted-foreground">(optional)</span>
      </h2>
      <p className="text-sm text-muted-foreground">
        Up to {ENGINE_SOUND_MAX_SECONDS} seconds of the engine running, for buyers to hear. Not rated.
      </p>
      {recordings.length === 0 && (
        <div className="flex flex-wrap items-center gap-2">
          {recorder.supported &&
            (recording ? (
              <Button type="button" size="lg" variant="destructive" onClick={recorder.stop}>
                <Square aria-hidden="true" /> Stop recording
              </Button>
            ) : (
              <Button type="button" size="lg" variant="outline" disabled={busy} onClick={recorder.start}>
                {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Mic aria-hidden="true" />}
                {busy ? 'Saving recording...' : 'Record engine sound'}
              </Button>
            ))}
          {!recording && (
            <PhotoButton
              label="Choose a recording"
              busyLabel="Saving recording..."
              accept="audio/*"
              icon={FileAudio}
              busy={busy}
              onFile={(file) => onRecording(file, file.name || 'engine-sound')}
            />
          )}
        </div>
      )}
      {recording && (
        <p className="font-semibold tabular-nums text-red-700" role="status">
          Recording {clock(recorder.seconds ?? 0)} of {clock(ENGINE_SOUND_MAX_SECONDS)}
        </p>
      )}
      {(recorder.error || error) && (
        <p className="text-sm font-semibold text-red-700" role="alert">
          {recorder.error ?? error}
        </p>
      )}
      {recordings.map((r) => (
        <div key={r.id} className="flex flex-wrap items-center gap-2" data-photo-state={r.state ?? 'sent'}>
          {/* biome-ignore lint/a11y/useMediaCaption: an engine running has no words to caption */}
          <audio controls preload="none" src={r.src} className="max-w-full" aria-label={ENGINE_SOUND_LABEL} />
          {r.state && (
            <p
              className={cn(
                'text-sm font-semibold',
                r.state === 'refused' ? 'text-red-700' : 'text-orange-900',
              )}
            >
              {STATE_TEXT[r.state]}
              {r.refused ? `: ${r.refused}` : ''}
            </p>
          )}
          <Button type="button" variant="ghost" onClick={() => onRemove(r.id)}>
            <Trash2 aria-hidden="true" /> Remove recording
          </Button>
        </div>
      ))}
    </section>
  );
}
