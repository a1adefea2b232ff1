import { TIME_ZONE } from '#shared/time';

/** Øre as Norwegian kroner with two decimals: 199500 → "1 995,00 kr" (a minus sign for credit notes). */
export const formatOre = (ore: number): string =>
  `${new Intl.NumberFormat('nb-NO', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(ore / 100)} kr`;

/** Whole kroner (API fields named …Nok): øre / 100, kept exact to the øre. */
export const oreToNok = (ore: number): number => ore / 100;

const osloDate = new Intl.DateTimeFormat('nb-NO', { timeZone: TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' });

/** A date as a Norwegian reader writes it: "25. november 2026" (Oslo time). */
export const formatDate = (at: string | number | Date): string => osloDate.format(new Date(at));

/**
 * The VAT inside a price that includes 25 % MVA: total × 0.2 (25/125), in øre, rounded once.
 * Negative totals (credit notes) round the same way as their positive twin.
 */
export const vatOfInclusive = (totalOre: number): number => Math.sign(totalOre) * Math.round(Math.abs(totalOre) / 5);
