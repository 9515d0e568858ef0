// The hour meter against the listed hours (docs/decisions/0042-hours-corrected-at-inspection.md).
import { formatCount } from './numbers';

/** Share of the listed hours a meter reading may differ by before the listing must be corrected. */
export const HOURS_TOLERANCE_SHARE = 0.05;
/** Hours a meter reading may differ by before the listing must be corrected (small tractors' small slips pass). */
export const HOURS_TOLERANCE_HOURS = 100;

const n = (hours: number) => formatCount(hours);

/** True when the meter differs from the listing by more than 5% AND more than 100 h. */
export function meterDiffers(listedHours: number, meterHours: number): boolean {
  const diff = Math.abs(meterHours - listedHours);
  return diff > HOURS_TOLERANCE_HOURS && diff > listedHours * HOURS_TOLERANCE_SHARE;
}

/** Why publishing is refused until the inspector confirms the reading. */
export function meterMismatchMessage(listedHours: number, meterHours: number): string {
  return `The meter reads ${n(meterHours)} h but the listing says ${n(listedHours)} h: confirm the meter reading to correct the listing's hours`;
}

/** The notice on the tractor page, the card and the report PDF. */
export function hoursCorrectedText(fromHours: number, toHours: number): string {
  return `Hours corrected from ${n(fromHours)} to ${n(toHours)} at inspection`;
}

/** The notice for a listing whose hours an inspector corrected; null when they never were. */
export function hoursNoticeOf(correctedFrom: number | null, hours: number): string | null {
  return correctedFrom === null ? null : hoursCorrectedText(Number(correctedFrom), hours);
}
