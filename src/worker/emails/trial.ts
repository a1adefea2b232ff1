import type { Plan } from '#shared/constants';
import { trial } from '#shared/copy/trial';
import type { MailMessage } from '#worker/platform/mailer/types';
import { subscriptionEmail } from './subscription';

const t = trial.mail;

/**
 * A free trial's mails (docs/decisions/0060-free-trial.md): `started` (how long, the first charge's
 * date and amount) when it begins, and `reminder` three days before that charge (renewals job);
 * both say that cancelling before then costs nothing.
 */
export function trialEmail(input: {
  kind: 'started' | 'reminder';
  to: string;
  /** The trial's length (the started mail names it). */
  days?: number;
  firstChargeAt: Date;
  amount: string;
  plan: Plan;
  link: string;
}): MailMessage {
  const date = input.firstChargeAt.toISOString();
  const started = input.kind === 'started';
  return subscriptionEmail({
    to: input.to,
    subject: started ? t.startedSubject : t.reminderSubject,
    lines: [
      started ? t.started(input.days ?? 0, date, input.amount, input.plan) : t.reminder(date, input.amount, input.plan),
      t.cancel,
    ],
    link: { href: input.link, label: t.button },
  });
}
