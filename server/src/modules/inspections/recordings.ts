import { randomUUID } from 'node:crypto';
import { ENGINE_SOUND_MAX_SECONDS, RECORDING_MAX_BYTES } from '../../../../domain/inspection.js';
import { AppError } from '../../lib/app-error.js';

/**
 * The engine-sound recording (docs/product/condition-reports.md#engine-sound): kept as the phone recorded it, after
 * its first bytes say it is a sound file of a kind browsers play. A WAV file says its length; it may not exceed the
 * limit (by a second, for the recorder's rounding). Other kinds are held to the size limit, which at a phone's
 * recording rates is well over 30 seconds of sound but not of anything much longer.
 */

export const RECORDING_TYPE_MESSAGE = 'Choose a sound recording (WebM, Ogg, MP4, WAV or MP3)';
export const RECORDING_SIZE_MESSAGE = 'A recording is at most 5 MB';
export const RECORDING_LENGTH_MESSAGE = `A recording is at most ${ENGINE_SOUND_MAX_SECONDS} seconds`;
export const RECORDINGS_FOLDER = 'recordings';

const ascii = (data: Buffer, at: number, text: string) =>
  data.length >= at + text.length && data.toString('latin1', at, at + text.length) === text;

/** The audio type the bytes begin as, or null. */
export function sniffRecording(data: Buffer): string | null {
  if (data.length >= 4 && data.readUInt32BE(0) === 0x1a45dfa3) return 'audio/webm';
  if (ascii(data, 0, 'OggS')) return 'audio/ogg';
  if (ascii(data, 0, 'RIFF') && ascii(data, 8, 'WAVE')) return 'audio/wav';
  if (ascii(data, 4, 'ftyp')) return 'audio/mp4';
  if (ascii(data, 0, 'ID3') || (data.length >= 2 && data[0] === 0xff && (data[1] & 0xe0) === 0xe0))
    return 'audio/mpeg';
  return null;
}

/** Seconds of sound in a WAV file (from its format and data chunks), or null when it cannot tell. */
export function wavSeconds(data: Buffer): number | null {
  let byteRate = 0;
  for (let at = 12; at + 8 <= data.length; ) {
    const id = data.toString('latin1', at, at + 4);
    const size = data.readUInt32LE(at + 4);
    if (id === 'fmt ' && at + 16 <= data.length) byteRate = data.readUInt32LE(at + 16);
    if (id === 'data') return byteRate > 0 ? size / byteRate : null;
    at += 8 + size + (size % 2);
  }
  return null;
}

/** Checks the recording; answers its type and where it is kept. */
export function checkRecording(data: Buffer): { mediaType: string; storageKey: string } {
  const fields = (message: string) => ({ fields: { file: message } });
  if (data.length > RECORDING_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', RECORDING_SIZE_MESSAGE, fields(RECORDING_SIZE_MESSAGE));
  const mediaType = sniffRecording(data);
  if (!mediaType)
    throw new AppError('UNSUPPORTED_MEDIA', RECORDING_TYPE_MESSAGE, fields(RECORDING_TYPE_MESSAGE));
  if (mediaType === 'audio/wav') {
    const seconds = wavSeconds(data);
    if (seconds === null)
      throw new AppError('UNSUPPORTED_MEDIA', RECORDING_TYPE_MESSAGE, fields(RECORDING_TYPE_MESSAGE));
    if (seconds > ENGINE_SOUND_MAX_SECONDS + 1)
      throw new AppError('VALIDATION', RECORDING_LENGTH_MESSAGE, fields(RECORDING_LENGTH_MESSAGE));
  }
  return { mediaType, storageKey: `${RECORDINGS_FOLDER}/${randomUUID()}` };
}

/** The public path of a recording, from its storage key. */
export const recordingUrl = (storageKey: string) => `/api/${storageKey}`;
