import { randomUUID } from 'node:crypto';
import type { Metadata } from 'sharp';
import { imageVariantKey } from '../../../../domain/listings.js';
import { AppError } from '../../lib/app-error.js';
import { sharpModule } from '../../lib/lazy-modules.js';

export const IMAGE_MAX_BYTES = 15 * 1024 * 1024;
/** Decompression-bomb guard: refuse anything above 50 megapixels before decoding it. */
export const IMAGE_MAX_PIXELS = 50_000_000;
export const VARIANT_WIDTHS = [400, 800, 1600] as const;
export type ImageType = 'jpeg' | 'png' | 'webp' | 'avif';

export const IMAGE_TYPE_MESSAGE = 'Only JPEG, PNG, WebP or AVIF images can be uploaded';
export const IMAGE_SIZE_MESSAGE = 'Images must be 15 MB or smaller';
export const IMAGE_PIXELS_MESSAGE = 'Image dimensions are too large (at most 50 megapixels)';
export const IMAGE_UNREADABLE_MESSAGE = 'The file could not be read as an image';

/** The type from the file's first bytes; the name and the declared MIME type are never trusted. */
export function sniffImageType(data: Buffer): ImageType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (
    data.length >= 12 &&
    data.toString('latin1', 0, 4) === 'RIFF' &&
    data.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  // ISO-BMFF: `ftyp` box whose major or compatible brands include avif/avis.
  if (data.length >= 16 && data.toString('latin1', 4, 8) === 'ftyp') {
    const boxSize = Math.min(data.readUInt32BE(0), data.length, 64);
    const brands = data.toString('latin1', 8, boxSize);
    if (/avi[fs]/.test(brands)) return 'avif';
  }
  return null;
}

export interface ProcessedImage {
  storageKey: string;
  width: number;
  height: number;
  variants: { key: string; width: number; data: Buffer }[];
}

export const variantKey = imageVariantKey;
export const variantKeysOf = (storageKey: string) => VARIANT_WIDTHS.map((w) => variantKey(storageKey, w));

/**
 * Checks an upload and renders its WebP variants (metadata stripped: sharp drops EXIF/XMP/ICC
 * unless asked to keep it; orientation is applied first). Throws AppError with a clear message.
 * `folder`: claim evidence (`claims/`) and sell-form photos (`inquiries/`) live apart from pictures, so the public
 * picture route never matches them.
 */
export async function processImage(
  data: Buffer,
  folder: 'listings' | 'claims' | 'inquiries' = 'listings',
): Promise<ProcessedImage> {
  if (data.length > IMAGE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_SIZE_MESSAGE);
  const type = sniffImageType(data);
  if (!type) throw new AppError('UNSUPPORTED_MEDIA', IMAGE_TYPE_MESSAGE);

  const sharp = await sharpModule();
  const input = () => sharp(data, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error', animated: false });
  let meta: Metadata;
  try {
    meta = await input().metadata();
  } catch (err) {
    if (/pixel limit/i.test((err as Error).message))
      throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_PIXELS_MESSAGE);
    throw new AppError('UNSUPPORTED_MEDIA', IMAGE_UNREADABLE_MESSAGE);
  }
  const format = meta.format === 'heif' ? 'avif' : meta.format;
  if (format !== type) throw new AppError('UNSUPPORTED_MEDIA', IMAGE_TYPE_MESSAGE);
  if (!meta.width || !meta.height) throw new AppError('UNSUPPORTED_MEDIA', IMAGE_UNREADABLE_MESSAGE);
  if (meta.width * meta.height > IMAGE_MAX_PIXELS)
    throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_PIXELS_MESSAGE);

  const rotated = (meta.orientation ?? 1) >= 5;
  const width = rotated ? meta.height : meta.width;
  const height = rotated ? meta.width : meta.height;
  const storageKey = `${folder}/${randomUUID()}`;
  try {
    const variants = await Promise.all(
      VARIANT_WIDTHS.map(async (w) => {
        const out = await input()
          .rotate()
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer();
        return { key: variantKey(storageKey, w), width: Math.min(w, width), data: out };
      }),
    );
    return { storageKey, width, height, variants };
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA', IMAGE_UNREADABLE_MESSAGE);
  }
}
