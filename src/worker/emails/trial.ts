import type { Plan } from '#shared/constants';
import { trial } from '#shared/copy/trial';
import type { MailMessage } from '#worker/platform/mailer/types';
import { subscriptionEmail } from './subscription';

const t = trial.mail;

/** A free trial began: how long, the first charge's date and amount, and that cancelling before then costs nothing. */
export function trialStartedEmail(input: {
  to: string;
  days: number;
  firstChargeAt: Date;
  amount: string;
  plan: Plan;
  link: string;
}): MailMessage {
  return subscriptionEmail({
    to: input.to,
    subject: t.startedSubject,
    lines: [t.started(input.days, input.firstChargeAt.toISOString(), input.amount, input.plan), t.cancel],
    link: { href: input.link, label: t.button },
  });
}

/** Three days before a trial's first charge (renewals job): the date, the amount, and how to stop it for free. */
export function trialReminderEmail(input: {
  to: string;
  firstChargeAt: Date;
  amount: string;
  plan: Plan;
  link: string;
}): MailMessage {
  return subscriptionEmail({
    to: input.to,
    subject: t.reminderSubject,
    lines: [t.reminder(input.firstChargeAt.toISOString(), input.amount, input.plan), t.cancel],
    link: { href: input.link, label: t.button },
  });
}
