import { DAY } from '#shared/time';

/** The longest free trial an admin may set (issue 32); 0 is no trial. */
export const TRIAL_MAX_DAYS = 30;
/** The reminder before a trial's first charge goes this many days before it. */
export const TRIAL_REMINDER_DAYS = 3;

/** A free trial as the checkout shows it: its days, and when the first charge falls if it starts `now`. */
export type TrialOffer = { days: number; firstChargeAt: string };

/** The first charge of a trial of `days` started at `now`: exactly `days` × 24 h later (Stripe's trial_period_days). */
export const trialEnd = (days: number, now: number): number => now + days * DAY;

export const trialOffer = (days: number, now: number): TrialOffer | null =>
  days > 0 ? { days, firstChargeAt: new Date(trialEnd(days, now)).toISOString() } : null;
