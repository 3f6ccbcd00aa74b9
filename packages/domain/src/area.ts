import { type Paise, paise } from './money.js';

/**
 * Areas are square feet with at most 2 decimals. Computations run on hundredths (integers) so that
 * sums and differences are exact.
 */
const toHundredths = (value: number) => Math.round(value * 100);

// hundredths of sq ft × paise per sq ft / 100 → paise; a plain number, which may pass 2^53 for absurd inputs
const areaTimesRate = (totalArea: number, totalRate: number) =>
  Math.round((toHundredths(totalArea) * toHundredths(totalRate)) / 100);

/** True when area × rate is at most `limit` paise; safe to ask of any input, however large (a form as it is typed). */
export function totalAmountWithin(totalArea: number, totalRate: number, limit: Paise): boolean {
  return areaTimesRate(totalArea, totalRate) <= limit;
}

/** Total amount in paise = area (sq ft) × rate (₹ per sq ft), rounded to the paisa (ask `totalAmountWithin` first). */
export function totalAmountPaise(totalArea: number, totalRate: number): Paise {
  return paise(areaTimesRate(totalArea, totalRate));
}

/** Saleable area = total − road − mandir − amenities, floored at 0. */
export function saleableArea(totalArea: number, roadArea = 0, mandirArea = 0, amenitiesArea = 0): number {
  const rest =
    toHundredths(totalArea) - toHundredths(roadArea) - toHundredths(mandirArea) - toHundredths(amenitiesArea);
  return Math.max(0, rest) / 100;
}

export function sumAreas(values: readonly number[]): number {
  return values.reduce((acc, v) => acc + toHundredths(v), 0) / 100;
}

/** True when the plots' sizes fit inside the project's total area. */
export function plotsFitArea(totalArea: number, plotSizes: readonly number[]): boolean {
  return values(plotSizes) <= toHundredths(totalArea);
}

/** Which area the plots overflow, if any: the saleable area when the saleable option is on, else the total. */
export function plotsOverflow(
  project: { totalArea: number; isSaleable: boolean; roadArea?: number; mandirArea?: number; amenitiesArea?: number },
  plotSizes: readonly number[],
): 'total' | 'saleable' | null {
  if (!plotsFitArea(project.totalArea, plotSizes)) return 'total';
  if (!project.isSaleable) return null;
  const saleable = saleableArea(project.totalArea, project.roadArea, project.mandirArea, project.amenitiesArea);
  return plotsFitArea(saleable, plotSizes) ? null : 'saleable';
}

function values(sizes: readonly number[]): number {
  return sizes.reduce((acc, v) => acc + toHundredths(v), 0);
}
