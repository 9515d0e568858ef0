import { INQUIRY_OFFER_STATUSES, type InquiryOfferStatus } from './farmer-offers';
import { placeOf, stateName } from './places';

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

/**
 * The yard a farmer's inquiry names (docs/product/selling.md#from-accepted-offer-to-draft): the town, state and
 * ZIP they typed as their location and their phone. Never a street address (the sell form does not ask for one).
 * `zipPlace` fills the town and state of a bare ZIP ("50010") where the server knows it.
 */
export interface FarmerYard {
  /** "Ames, IA": what the admin's "Use the farmer's yard: Ames, IA" names; null when no place is known. */
  town: string | null;
  /** The listing's location: the state's name ("Iowa"). */
  location: string | null;
  city: string | null;
  zip: string | null;
  yardPhone: string | null;
}

export function farmerYard(
  inquiry: { location: string | null; phone: string | null },
  zipPlace: (zip: string) => { city: string; state: string } | null = () => null,
): FarmerYard {
  const place = placeOf(inquiry.location);
  const byZip = place.zip ? zipPlace(place.zip) : null;
  const state = place.state ?? byZip?.state ?? null;
  const city = place.city ?? (byZip && byZip.state === state ? byZip.city : null);
  return {
    town: state ? (city ? `${city}, ${state}` : (stateName(state) ?? null)) : null,
    location: stateName(state) ?? null,
    city,
    zip: place.zip,
    yardPhone: inquiry.phone?.trim() || null,
  };
}
