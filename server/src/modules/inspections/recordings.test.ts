import { describe, expect, it } from 'vitest';
import type { AppError } from '../../lib/app-error.js';
import { engineWav } from '../../test/fixtures/audio.js';
import { checkRecording, sniffRecording, wavSeconds } from './recordings.js';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('engine-sound recordings', () => {
  it('knows the sound files phones record by their first bytes, and nothing else', () => {
    expect(sniffRecording(bytes([0x1a, 0x45, 0xdf, 0xa3], 'webm...'))).toBe('audio/webm');
    expect(sniffRecording(bytes('OggS', [0, 2]))).toBe('audio/ogg');
    expect(sniffRecording(bytes([0, 0, 0, 0x20], 'ftypM4A '))).toBe('audio/mp4');
    expect(sniffRecording(bytes('ID3', [4, 0]))).toBe('audio/mpeg');
    expect(sniffRecording(engineWav(1))).toBe('audio/wav');
    expect(sniffRecording(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBeNull(); // a JPEG
    expect(sniffRecording(bytes('<svg>'))).toBeNull();
    expect(sniffRecording(Buffer.alloc(0))).toBeNull();
  });

  it('reads the length of a WAV file from its header', () => {
    expect(wavSeconds(engineWav(12))).toBeCloseTo(12, 3);
    expect(wavSeconds(engineWav(2.5, 0, 8000))).toBeCloseTo(2.5, 3);
    expect(wavSeconds(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBeNull();
  });

  it('takes 30 seconds (a second over for rounding), refuses longer, other files and over 5 MB', () => {
    expect(checkRecording(engineWav(30, 0, 8000))).toMatchObject({ mediaType: 'audio/wav' });
    expect(checkRecording(engineWav(30.9, 0, 8000)).storageKey).toMatch(/^recordings\/[0-9a-f-]{36}$/);
    const refused = (data: Buffer) => {
      try {
        checkRecording(data);
      } catch (err) {
        return [(err as AppError).code, (err as AppError).message];
      }
      return null;
    };
    expect(refused(engineWav(32, 0, 8000))).toEqual(['VALIDATION', 'A recording is at most 30 seconds']);
    expect(refused(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toEqual([
      'UNSUPPORTED_MEDIA',
      'Choose a sound recording (WebM, Ogg, MP4, WAV or MP3)',
    ]);
    expect(refused(Buffer.concat([bytes('OggS'), Buffer.alloc(5 * 1024 * 1024)]))).toEqual([
      'PAYLOAD_TOO_LARGE',
      'A recording is at most 5 MB',
    ]);
  });
});
