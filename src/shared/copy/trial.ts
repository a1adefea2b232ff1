import type { Plan } from '#shared/constants';
import { formatDate } from '#shared/money';

const every = { monthly: 'hver måned', yearly: 'hvert år' } satisfies Record<Plan, string>;
const kr = (nok: number) => `${new Intl.NumberFormat('nb-NO').format(nok)} kr`;

/**
 * The free trial's words (docs/decisions/0060-free-trial.md). Before purchase they say how long
 * it is free, the date and amount of the first charge, how often after it, and how to stop it
 * at no cost — the price after the trial and how to cancel must be plain before the buyer agrees.
 */
export const trial = {
  /** «Gratis i 14 dager. Første trekk 399 kr inkl. mva. 11. desember 2026, deretter hver måned. Si opp før det, så koster det ingenting.» */
  terms: (input: { days: number; plan: Plan; priceNok: number; firstChargeAt: string }) =>
    `Gratis i ${input.days} dager. Første trekk ${kr(input.priceNok)} inkl. mva. ${formatDate(input.firstChargeAt)}, ` +
    `deretter ${every[input.plan]}. Si opp før det, så koster det ingenting.`,
  /** The checkout's heading over the terms. */
  title: (days: number) => `Prøv Premium gratis i ${days} dager`,
  /** Under the terms: what is taken now, and where to cancel. */
  cardNow:
    'Du legger inn kort eller godkjenner en Vipps-avtale nå, men ingenting trekkes før prøveperioden er over. Du sier opp under Profil i guiden.',
  /** On a plan's card in /premium's pricing step, and in its order summary's row. */
  free: (days: number) => `${days} dager gratis`,
  /** /premium's order summary with a trial: its row, and what is paid today. */
  summaryRow: 'Prøveperiode',
  today: 'Å betale i dag',
  /** Under the discount code when one replaced the trial (they do not combine). */
  notWithCode: 'Med rabattkode betaler du fra i dag, uten prøveperiode. Fjern koden for å prøve gratis.',
  /** The buy button's label with a trial. */
  start: 'Start gratis prøveperiode',
  /** The account page. */
  until: (date: string) => `Prøveperiode til ${formatDate(date)}`,
  firstCharge: (date: string, amount: string) =>
    `Første trekk: ${amount} ${formatDate(date)}. Si opp før det, så koster det ingenting.`,
  canceled: (date: string) => `Prøveperioden er sagt opp. Du har Premium til ${formatDate(date)}, og ingenting blir trukket.`,
  errors: {
    trial_unavailable:
      'Prøveperioden gjelder bare for deg som aldri har hatt Premium. Ingenting er trukket – du kan kjøpe uten prøveperiode.',
    trial_changed:
      'Prøveperioden er endret siden siden ble lastet. Ingenting er trukket – last siden på nytt for å se vilkårene.',
    trial_with_offer: 'En prøveperiode kan ikke kombineres med rabattkode eller kampanjepris. Velg det ene.',
  },
  mail: {
    startedSubject: 'Prøveperioden din har startet',
    started: (days: number, date: string, amount: string, plan: Plan) =>
      `Du har Soloprenør Premium gratis i ${days} dager. Første trekk er ${amount} ${formatDate(date)}, deretter ${every[plan]}.`,
    reminderSubject: 'Prøveperioden din slutter om 3 dager',
    reminder: (date: string, amount: string, plan: Plan) =>
      `Prøveperioden din på Soloprenør Premium slutter snart. ${formatDate(date)} trekker vi ${amount}, og deretter ${every[plan]}.`,
    cancel:
      'Vil du ikke fortsette, sier du opp under Profil i guiden før den dagen. Da koster det ingenting, og du beholder Premium ut prøveperioden.',
    button: 'Gå til profilen',
  },
};
