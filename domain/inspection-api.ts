import { z } from 'zod';
import { emailSchema } from './email.js';
import {
  ANNOUNCEMENT_IDS,
  CHECKPOINT_IDS,
  checkpointById,
  isMediaCheckpoint,
  RATINGS,
  TYRE_POSITIONS,
  type TyrePosition,
} from './inspection.js';
import { formatCount } from './numbers.js';
import { newPasswordSchema } from './password.js';
import { companySchema, nameSchema } from './users.js';

/**
 * Request and response shapes of the inspection API (server routes and the web forms share them).
 * The template, the grade and the field rules are in inspection.ts.
 */

// One checkpoint's answer, shared by the inspection form and the server.
export const ratingSchema = z.enum(RATINGS, { message: 'Choose OK, Monitor, Repair or Not applicable' });
export const treadPercentSchema = z
  .number({ message: 'Enter the tread as a percentage from 0 to 100' })
  .int('Enter the tread as a whole percentage')
  .min(0, 'Enter the tread as a percentage from 0 to 100')
  .max(100, 'Enter the tread as a percentage from 0 to 100');
export const checkpointIdSchema = z
  .string()
  .refine((id) => checkpointById(id) !== undefined, { message: 'Unknown checkpoint' });

/** Where a photo or recording is filed: any rated checkpoint, or the engine sound. */
export const mediaCheckpointIdSchema = z
  .string()
  .refine((id) => isMediaCheckpoint(id), { message: 'Unknown checkpoint' });

/** One answer, saved as the inspector gives it. */
export const checkpointAnswerSchema = z.object({
  checkpointId: checkpointIdSchema,
  rating: ratingSchema.nullable(),
  note: z.string().trim().max(1000, 'Notes are at most 1,000 characters').default(''),
});
export type CheckpointAnswer = z.infer<typeof checkpointAnswerSchema>;

export const CHECKPOINT_TOTAL = CHECKPOINT_IDS.length;
export const HOUR_METER_MAX = 200_000;
export const SERIAL_MAX = 40;

/**
 * An answer as the phone sends it: with when it was given there and which browser gave it, so that of two phones'
 * answers to a checkpoint the later one wins (docs/product/condition-reports.md#two-phones).
 */
export const saveAnswerSchema = checkpointAnswerSchema.extend({
  changedAt: z.iso.datetime({ offset: true, message: 'Invalid time' }).optional(),
  device: z
    .string()
    .regex(/^[\w-]{8,64}$/, 'Invalid device id')
    .optional(),
});
export type SaveAnswer = z.infer<typeof saveAnswerSchema>;

/**
 * A saved answer. `replaced`: it replaced a different answer another phone gave (`other`); `kept`: another phone's
 * later answer (`other`) stays and this one was not saved.
 */
export const answerSavedSchema = z.object({
  ok: z.literal(true),
  savedAt: z.string(),
  outcome: z.enum(['saved', 'replaced', 'kept']),
  other: z.object({ rating: ratingSchema.nullable(), note: z.string() }).nullable(),
});
export type AnswerSaved = z.infer<typeof answerSavedSchema>;

const tyreIds = TYRE_POSITIONS.map((p) => p.id) as [TyrePosition, ...TyrePosition[]];
export const hourMeterSchema = z
  .number({ message: 'Enter the hour-meter reading in whole hours' })
  .int('Enter the hour-meter reading in whole hours')
  .min(0, 'Enter the hour-meter reading in whole hours')
  .max(HOUR_METER_MAX, `The hour-meter reading is at most ${formatCount(HOUR_METER_MAX)}`);

/** The identification details, announcements and tread readings of a draft; each saved as given. */
export const draftDetailsSchema = z
  .object({
    serial: z.string().trim().max(SERIAL_MAX, `The serial/PIN is at most ${SERIAL_MAX} characters`),
    hourMeter: hourMeterSchema.nullable(),
    announcements: z.array(z.enum(ANNOUNCEMENT_IDS, { message: 'Unknown announcement' })).max(10),
    treads: z.partialRecord(z.enum(tyreIds, { message: 'Unknown tyre position' }), treadPercentSchema),
  })
  .partial();
export type DraftDetails = z.infer<typeof draftDetailsSchema>;

export const asIsSchema = z.object({
  reason: z
    .string({ message: 'Give the reason it is sold as-is' })
    .trim()
    .min(3, 'Give the reason it is sold as-is')
    .max(500, 'The reason is at most 500 characters'),
});

export const createInspectorSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  companyName: companySchema.default('FieldLot'),
  password: newPasswordSchema,
});
export type CreateInspector = z.input<typeof createInspectorSchema>;

export const photoSchema = z.object({
  id: z.string(),
  checkpointId: z.string(),
  src: z.string(),
  srcSet: z.string(),
  full: z.string(),
  width: z.number(),
  height: z.number(),
  /** The phone's id of the photo and SHA-256 of the bytes it sent (decision 0086); none on older photos. */
  clientId: z.string().nullable().optional(),
  sha256: z.string().nullable().optional(),
  /** A recording (the engine sound): its audio type, played from `src`; absent or null on photos. */
  mediaType: z.string().nullable().optional(),
});
export type InspectionPhoto = z.infer<typeof photoSchema>;

/** Query of a photo upload: the phone's id of the photo makes a photo sent again stored once (decision 0086). */
export const addPhotoQuerySchema = z.object({
  checkpointId: z.string().min(1).max(100),
  clientId: z.uuid('Invalid photo id').optional(),
});

/**
 * The phone's submission (docs/product/condition-reports.md#offline): its id publishes once however often it is
 * sent, and the photos it lists (id and SHA-256) must all be held by the server before it publishes.
 */
export const publishBodySchema = z.object({
  confirmHours: z.boolean().optional(),
  submissionId: z.uuid('Invalid submission id').optional(),
  photos: z
    .array(z.object({ clientId: z.uuid(), sha256: z.string().regex(/^[0-9a-f]{64}$/) }))
    .max(1000)
    .optional(),
});
export type PublishBody = z.infer<typeof publishBodySchema>;

const answerSchema = z.object({ rating: z.enum(RATINGS).nullable(), note: z.string() });
const listingSummarySchema = z.object({
  id: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number(),
  hours: z.number(),
  location: z.string(),
  /** Null: not stated yet (a farmer's draft, decision 0073). */
  condition: z.string().nullable(),
  status: z.string(),
  /** A dealer's listing waits for FieldLot's review before it goes live; null for FieldLot's own listings. */
  reviewStatus: z.string().nullable(),
});

/** The inspector's working copy of one listing's report. */
export const draftSchema = z.object({
  listing: listingSummarySchema,
  serial: z.string(),
  hourMeter: z.number().nullable(),
  announcements: z.array(z.string()),
  treads: z.record(z.string(), z.number()),
  answers: z.record(z.string(), answerSchema),
  photos: z.array(photoSchema),
  rated: z.number(),
  total: z.number(),
  lastPublished: z.object({ number: z.number(), hourMeter: z.number(), publishedAt: z.string() }).nullable(),
  updatedAt: z.string().nullable(),
});
export type InspectionDraft = z.infer<typeof draftSchema>;

export const queueItemSchema = listingSummarySchema.extend({
  rated: z.number(),
  total: z.number(),
  grade: z.number().nullable(),
  publishedAt: z.string().nullable(),
  asIsReason: z.string().nullable(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

export const revisionRefSchema = z.object({
  number: z.number(),
  grade: z.number(),
  publishedAt: z.string(),
  inspectorName: z.string(),
});
export type RevisionRef = z.infer<typeof revisionRefSchema>;

/** One published revision in full (approved dealers, admins, inspectors). */
export const fullReportSchema = revisionRefSchema.extend({
  serial: z.string(),
  hourMeter: z.number(),
  announcements: z.array(z.string()),
  treads: z.record(z.string(), z.number()),
  ratings: z.record(z.string(), z.object({ rating: z.enum(RATINGS), note: z.string() })),
  photos: z.array(photoSchema),
});
export type FullReport = z.infer<typeof fullReportSchema>;

/**
 * What the tractor page gets: `summary` (grade and date) for everyone when a report exists, `report` in full
 * only for approved dealers and staff, `asIsReason` when an admin sold it as-is, not inspected.
 */
export const reportAnswerSchema = z.object({
  listingId: z.string(),
  /** What the caller may read: signed out (grade only), limited (signed in, not approved: grade only), full. */
  access: z.enum(['signedOut', 'limited', 'full']),
  asIsReason: z.string().nullable(),
  summary: revisionRefSchema.nullable(),
  latest: z.number().nullable(),
  revisions: z.array(revisionRefSchema),
  report: fullReportSchema.nullable(),
  /** "Hours corrected from 2,900 to 4,321 at inspection" when an inspector corrected the listed hours. */
  hoursNotice: z.string().nullable(),
});
export type ReportAnswer = z.infer<typeof reportAnswerSchema>;

export const purchasedReportSchema = z.object({
  offerId: z.string(),
  listingId: z.string(),
  number: z.number(),
  grade: z.number(),
});
export type PurchasedReport = z.infer<typeof purchasedReportSchema>;

export const inspectorSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  createdAt: z.string(),
});
export type Inspector = z.infer<typeof inspectorSchema>;

// Zod-free, for pages that show a grade or these texts without loading zod (docs/decisions/0023).
export {
  AS_IS_TITLE,
  GRADE_FILTER_OPTIONS,
  gradeToTenths,
  REPORT_CHANGED_TEXT,
  SIGN_IN_FOR_REPORT_TEXT,
  tenthsToGrade,
} from './condition-grades.js';
