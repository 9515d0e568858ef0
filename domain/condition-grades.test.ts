import { describe, expect, it } from 'vitest';
import {
  GRADE_FILTER_OPTIONS,
  gradeFilterForConditions,
  gradeMinForConditions,
  sellerDescriptionText,
  shownCondition,
} from './condition-grades.js';

describe('shownCondition', () => {
  it("lets a published report's grade decide the word", () => {
    expect(shownCondition(4.9, 'Very Good')).toBe('Excellent');
    expect(shownCondition(3.2, 'Excellent')).toBe('Good');
  });
  it("keeps the seller's word until a report exists", () => {
    expect(shownCondition(null, 'Very Good')).toBe('Very Good');
    expect(shownCondition(0, 'Fair')).toBe('Fair');
  });
  it("names the seller's own word", () => {
    expect(sellerDescriptionText('Very Good')).toBe("Seller's description: Very Good");
  });
});

describe('gradeFilterForConditions', () => {
  it('reads an old condition link as a choice the "Grade at least" control offers', () => {
    for (const words of [['Excellent'], ['Very Good'], ['Good'], ['Fair'], ['Good', 'Excellent']]) {
      const grade = gradeFilterForConditions(words);
      expect(GRADE_FILTER_OPTIONS).toContain(grade);
      // At least what the link meant: never stricter than the band's floor.
      expect(grade).toBeLessThanOrEqual(gradeMinForConditions(words) as number);
    }
    expect(gradeFilterForConditions(['Excellent'])).toBe(4.5);
    expect(gradeFilterForConditions(['Very Good'])).toBe(3.5);
    expect(gradeFilterForConditions(['Good', 'Excellent'])).toBe(3);
    expect(gradeFilterForConditions(['Fair'])).toBe(2);
  });
  it('drops what no choice is low enough for, and nothing', () => {
    expect(gradeFilterForConditions(['Poor'])).toBeUndefined();
    expect(gradeFilterForConditions([])).toBeUndefined();
    expect(gradeFilterForConditions(undefined)).toBeUndefined();
  });
});
