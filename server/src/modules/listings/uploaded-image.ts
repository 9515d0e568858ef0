import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { IMAGE_MAX_BYTES, IMAGE_SIZE_MESSAGE, IMAGE_TYPE_MESSAGE } from './image-files.js';

const tooLarge = (field: string) =>
  new AppError('PAYLOAD_TOO_LARGE', IMAGE_SIZE_MESSAGE, { fields: { [field]: IMAGE_SIZE_MESSAGE } });

/**
 * The bytes of one uploaded file, or 413 when it is over the cap. The parser's own size error only fires while
 * the reader is still reading: when every byte up to the cap was already read (a slow access check before, the
 * body cut at the cap), the stream just ends and the file would be kept cut short. The stream's `truncated` flag
 * is set before it ends, so it is checked after reading, whatever happened before.
 */
export async function readCappedFile(part: MultipartFile, field: string): Promise<Buffer> {
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(field);
    throw err;
  }
  if (part.file.truncated || data.length > IMAGE_MAX_BYTES) throw tooLarge(field);
  return data;
}

/**
 * The one file of a multipart photo upload, as bytes (listing photos, inspection photos, claim photos): a request
 * that is not multipart is refused as the wrong type, a missing file with the caller's words, a file over the size
 * limit with 413 (nothing stored). What the bytes are is checked afterwards by `processImage`.
 */
export async function uploadedImage(
  req: FastifyRequest,
  missing: { message: string; field: string },
): Promise<Buffer> {
  if (!req.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA', IMAGE_TYPE_MESSAGE, { fields: { file: IMAGE_TYPE_MESSAGE } });
  const file = await req.file();
  if (!file) throw new AppError('VALIDATION', missing.message, { fields: { file: missing.field } });
  return readCappedFile(file, 'file');
}

/** The words for a missing file on the photo uploads of inspections and claims. */
export const PHOTO_MISSING = { message: 'Choose a photo to upload', field: 'Choose a photo to upload' };
