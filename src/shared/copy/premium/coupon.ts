import type { Plan } from '#shared/constants';
import { formatDate } from '#shared/money';

const per = { monthly: 'per måned', yearly: 'per år' } satisfies Record<Plan, string>;

/** The discounted periods in a sentence: "den første måneden", "de første 3 månedene". */
const firstPeriods = (plan: Plan, periods: number) =>
  periods === 1
    ? { monthly: 'den første måneden', yearly: 'det første året' }[plan]
    : `de første ${periods} ${plan === 'monthly' ? 'månedene' : 'årene'}`;

/** A period's price, "per måned" added when more than one period is discounted. */
const each = (plan: Plan, periods: number) => (periods === 1 ? '' : ` ${per[plan]}`);

/**
 * The checkout's «Rabattkode» field (/priser/kasse and /premium). Amounts come formatted, in the
 * page's own way of writing them. What a code gives is said before paying as Forbrukertilsynet's
 * price guidance asks: the price now, for how long, what it adds up to, and the price after.
 */
export const couponField = {
  label: 'Rabattkode',
  hint: 'Har du fått en rabattkode? Skriv den inn og trykk «Bruk» for å se prisen før du betaler.',
  apply: 'Bruk',
  applying: 'Sjekker …',
  remove: 'Fjern koden',
  /** The discount, e.g. "Rabattkoden VÅR25 gir 100 kr i rabatt per måned de første 3 månedene." */
  applied: (code: string, saving: string, plan: Plan, periods: number) =>
    `Rabattkoden ${code} gir ${saving} i rabatt${each(plan, periods)} ${firstPeriods(plan, periods)}.`,
  /** The price now and after, e.g. "Du betaler 299 kr per måned de første 3 månedene (897 kr til sammen), deretter 399 kr per måned." */
  price: (price: string, total: string, list: string, plan: Plan, periods: number) =>
    `Du betaler ${price}${each(plan, periods)} ${firstPeriods(plan, periods)}${periods === 1 ? '' : ` (${total} til sammen)`}, deretter ${list} ${per[plan]}. Alle priser er inkl. mva.`,
  /** The order summary's line for a code: "Månedlig: 299 kr inkl. mva. den første måneden, deretter 399 kr per måned". */
  summary: (planName: string, price: string, list: string, plan: Plan, periods: number) =>
    `${planName}: ${price} inkl. mva.${each(plan, periods)} ${firstPeriods(plan, periods)}, deretter ${list} ${per[plan]}`,
  /** The order summary's row naming the code. */
  row: (code: string) => `Rabattkode ${code}`,
  newMembersOnly: 'Koden gjelder bare for nye medlemmer.',
  /** When the price goes up to the list price: the first renewal after the discounted periods. */
  renews: (plan: Plan, discounted: string, list: string, first: string, full: string, periods: number) =>
    periods === 1
      ? `Abonnementet fornyes automatisk ${formatDate(first)} til ${list} ${per[plan]}, til du sier det opp.`
      : `Abonnementet fornyes automatisk ${formatDate(first)} til ${discounted}, og fra ${formatDate(full)} til ${list} ${per[plan]}, til du sier det opp.`,
} as const;
