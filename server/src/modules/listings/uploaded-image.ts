import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { IMAGE_SIZE_MESSAGE, IMAGE_TYPE_MESSAGE } from './image-files.js';

/**
 * The one file of a multipart photo upload, as bytes (listing photos, inspection photos, claim photos): a request
 * that is not multipart is refused as the wrong type, a missing file with the caller's words, a file over the size
 * limit with 413. What the bytes are is checked afterwards by `processImage`.
 */
export async function uploadedImage(
  req: FastifyRequest,
  missing: { message: string; field: string },
): Promise<Buffer> {
  if (!req.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA', IMAGE_TYPE_MESSAGE, { fields: { file: IMAGE_TYPE_MESSAGE } });
  const file = await req.file();
  if (!file) throw new AppError('VALIDATION', missing.message, { fields: { file: missing.field } });
  try {
    return await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_SIZE_MESSAGE, { fields: { file: IMAGE_SIZE_MESSAGE } });
    throw err;
  }
}

/** The words for a missing file on the photo uploads of inspections and claims. */
export const PHOTO_MISSING = { message: 'Choose a photo to upload', field: 'Choose a photo to upload' };
