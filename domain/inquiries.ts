import { INQUIRY_OFFER_STATUSES, type InquiryOfferStatus } from './farmer-offers';

/** docs/product/selling.md#inquiry-status: the seed's pending / contacted / closed, grown by the offer flow. */
export const INQUIRY_STATUSES = INQUIRY_OFFER_STATUSES;
export type InquiryStatus = InquiryOfferStatus;

/** A sell-form inquiry as the admin API answers it (dates as ISO strings). */
export interface SaleInquiry {
  id: string;
  make: string | null;
  model: string | null;
  year: number | null;
  hours: number | null;
  location: string | null;
  condition: string | null;
  description: string | null;
  email: string;
  transmission: string | null;
  phone: string | null;
  status: InquiryStatus;
  photoCount: number;
  draftListingId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The statuses an admin sets by hand (the offer statuses follow offers and the farmer's answers). */
export const MANUAL_INQUIRY_STATUSES = ['contacted', 'closed', 'pending'] as const;
export type ManualInquiryStatus = (typeof MANUAL_INQUIRY_STATUSES)[number];

/**
 * docs/product/selling.md#inquiry-status: the one button the Sale Inquiries tab shows for a status: Mark Contacted
 * while pending, Reopen once closed, Mark Closed for every other status.
 */
export const INQUIRY_NEXT: Record<InquiryStatus, { to: ManualInquiryStatus; label: string }> = {
  pending: { to: 'contacted', label: 'Mark Contacted' },
  contacted: { to: 'closed', label: 'Mark Closed' },
  offer_sent: { to: 'closed', label: 'Mark Closed' },
  offer_accepted: { to: 'closed', label: 'Mark Closed' },
  offer_declined: { to: 'closed', label: 'Mark Closed' },
  offer_expired: { to: 'closed', label: 'Mark Closed' },
  closed: { to: 'pending', label: 'Reopen' },
};

/** The sell form's photos: optional, at most this many, each under the listing photo rules. */
export const INQUIRY_PHOTOS_MAX = 8;
export const INQUIRY_PHOTOS_MAX_MESSAGE = `Add at most ${INQUIRY_PHOTOS_MAX} photos`;
export const PHONE_MESSAGE = 'Enter a phone number (digits, spaces, + ( ) - only)';

/** An optional phone number: 7 to 20 digits with the usual separators; blank is none. */
export function checkPhone(v: string | null | undefined): { ok: true; phone: string | null } | { ok: false } {
  const t = (v ?? '').trim();
  if (!t) return { ok: true, phone: null };
  const digits = t.replace(/\D/g, '');
  if (t.length > 30 || !/^[+\d\s().-]+$/.test(t) || digits.length < 7 || digits.length > 20)
    return { ok: false };
  return { ok: true, phone: t };
}
