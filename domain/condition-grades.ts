/**
 * The grade of a condition report in words and in storage, and the texts every tractor screen shows about its
 * report (docs/product/condition-reports.md). No zod here: the tractor page and cards import this file without
 * loading the schemas (docs/decisions/0023).
 */

import { CONDITION_NOT_STATED } from './listings.js';

/** "Excellent" for 4.5 and above, down to "Poor" below 2.0: the grade in words. */
export function gradeLabel(grade: number): string {
  if (grade >= 4.5) return 'Excellent';
  if (grade >= 3.8) return 'Very Good';
  if (grade >= 3.0) return 'Good';
  if (grade >= 2.0) return 'Fair';
  return 'Poor';
}

/** Grades are stored in tenths (45 = 4.5) so that search can sort and filter on an integer. */
export const gradeToTenths = (grade: number) => Math.round(grade * 10);
export const tenthsToGrade = (tenths: number) => tenths / 10;

/** "Grade at least" choices of More Filters. */
export const GRADE_FILTER_OPTIONS = [4.5, 4, 3.5, 3, 2] as const;

export const REPORT_CHANGED_TEXT = 'The condition report changed';
export const SIGN_IN_FOR_REPORT_TEXT = 'Sign in for the full report';
export const AS_IS_TITLE = 'Sold as-is, not inspected';

/**
 * One condition scale (docs/decisions/0042-hours-corrected-at-inspection.md): a published report's grade decides
 * the condition word shown everywhere; the seller's own word counts only until a report exists.
 */
export function shownCondition(grade: number | null, sellerCondition: string | null): string {
  return grade !== null && grade > 0 ? gradeLabel(grade) : (sellerCondition ?? CONDITION_NOT_STATED);
}

/** The seller's own condition word, kept beside a report's grade. */
export const sellerDescriptionText = (sellerCondition: string | null) =>
  `Seller's description: ${sellerCondition ?? CONDITION_NOT_STATED}`;

/** Where each condition word starts on the grade scale (the same bands as gradeLabel). */
export const CONDITION_GRADE_FLOOR: Record<string, number> = {
  Excellent: 4.5,
  'Very Good': 3.8,
  Good: 3.0,
  Fair: 2.0,
  Poor: 1.0,
};

/**
 * The old "Condition" checkboxes as one "Grade at least": the lowest band chosen (docs/decisions/0042-hours-corrected-at-inspection.md),
 * so a saved `?condition=Excellent,Good` URL keeps finding what it meant. Undefined for none.
 */
export function gradeMinForConditions(conditions: readonly string[] | undefined): number | undefined {
  const floors = (conditions ?? []).map((c) => CONDITION_GRADE_FLOOR[c]).filter((g) => g !== undefined);
  return floors.length ? Math.min(...floors) : undefined;
}

/**
 * An old `?condition=` link as a value of the "Grade at least" control (docs/decisions/0052-old-condition-links.md):
 * the band floor rounded down to the control's nearest choice, so it finds at least what the link meant ("Very
 * Good", 3.8, reads as 3.5). Undefined when no choice is that low ("Poor" alone): the filter is dropped.
 */
export function gradeFilterForConditions(conditions: readonly string[] | undefined): number | undefined {
  const floor = gradeMinForConditions(conditions);
  if (floor === undefined) return undefined;
  const choices = GRADE_FILTER_OPTIONS.filter((g) => g <= floor);
  return choices.length ? Math.max(...choices) : undefined;
}
