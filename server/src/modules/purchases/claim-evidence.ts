import {
  checkpointById,
  INSPECTION_SECTIONS,
  RATING_LABELS,
  type Rating,
} from '../../../../domain/inspection.js';
import { CLAIM_PHOTO_WIDTHS, claimPhotoUrl, NOT_IN_REPORT } from '../../../../domain/purchases.js';
import type { Purchase } from '../../../../domain/purchases-api.js';
import type { ClaimPhoto } from './claim-photos.repository.js';

type ClaimView = Purchase['claims'][number];
type Ratings = Record<string, { rating: string; note: string }>;

const SECTION_OF = new Map(INSPECTION_SECTIONS.flatMap((s) => s.checkpoints.map((c) => [c.id, s.title])));

/** A claim photo's id: the last part of its storage key (`claims/{id}`, or `listings/{id}` for older claims). */
export const claimPhotoId = (storageKey: string) => storageKey.slice(storageKey.lastIndexOf('/') + 1);

/** The claim's photos as the purchase shows them: thumbnail and full size, through the claim photo route. */
export function claimPhotoViews(purchaseId: string, photos: ClaimPhoto[]): ClaimView['photos'] {
  return photos.map((p) => {
    const id = claimPhotoId(p.storageKey);
    return {
      id,
      thumbUrl: claimPhotoUrl(purchaseId, id, CLAIM_PHOTO_WIDTHS.thumb),
      url: claimPhotoUrl(purchaseId, id, CLAIM_PHOTO_WIDTHS.full),
      width: p.width,
      height: p.height,
    };
  });
}

/**
 * The checkpoints a claim names with their section and what the report frozen with the purchase said
 * (docs/product/purchases.md#inspection-guarantee), so the admin decides with the evidence.
 */
export function claimCheckpointViews(ids: string[], ratings: Ratings | undefined): ClaimView['checkpoints'] {
  return ids.map((id) => {
    if (id === NOT_IN_REPORT) return { id, label: 'Not in report', section: null, report: null };
    const said = ratings?.[id];
    return {
      id,
      label: checkpointById(id)?.label ?? id,
      section: SECTION_OF.get(id) ?? null,
      report: said
        ? {
            rating: said.rating,
            ratingLabel: RATING_LABELS[said.rating as Rating] ?? said.rating,
            note: said.note,
          }
        : null,
    };
  });
}
