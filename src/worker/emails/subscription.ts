import type { Plan } from '#shared/constants';
import { buyer } from '#shared/copy/buyer';
import { referralCreditMail } from '#shared/copy/referrals';
import { subscriptionMail } from '#shared/copy/subscriptions';
import { formatOre, vatOfInclusive } from '#shared/money';
import type { MailMessage } from '#worker/platform/mailer/types';
import type { PaymentProviderName } from '#worker/platform/payments/types';
import { emailPage, letter, MUTED } from './layout';

const t = subscriptionMail;

/** A subscription mail: greeting, its lines, a button, the signature — the same in HTML and plain text. */
export function subscriptionEmail(input: {
  to: string;
  subject: string;
  lines: string[];
  link: { href: string; label: string };
}): MailMessage {
  const { text, rows } = letter({ ...input, greeting: t.greeting, signature: t.signature }, (i) =>
    i === 0 ? '' : `font-size:15px;color:${MUTED}`,
  );
  const html = emailPage(input.subject, rows);
  return { to: input.to, subject: input.subject, text, html };
}

/**
 * The receipt mail after a payment. `number` may be a placeholder the database fills in
 * (`receiptMailStatement`), so the mail carries the number the receipt got in the same batch.
 */
export function receiptEmail(input: {
  to: string;
  number: string;
  plan: Plan;
  amountOre: number;
  periodStart: Date;
  periodEnd: Date;
  link: string;
  /** A business buyer, named as on the receipt (bokføringsforskriften § 5-1-1). */
  buyer?: { company: string; orgNumber: string };
  /** The discount code that lowered the payment and the discount, formatted (may be placeholders too). */
  coupon?: { code: string; discount: string };
}): MailMessage {
  const r = t.receipt;
  return subscriptionEmail({
    to: input.to,
    subject: r.subject(input.number),
    lines: [
      r.intro(input.plan, formatOre(input.amountOre)),
      ...(input.coupon ? [r.coupon(input.coupon.code, input.coupon.discount)] : []),
      r.period(input.periodStart.toISOString(), input.periodEnd.toISOString()),
      r.vat(formatOre(vatOfInclusive(input.amountOre))),
      ...(input.buyer ? [buyer.receiptLine(input.buyer.company, input.buyer.orgNumber)] : []),
    ],
    link: { href: input.link, label: r.button },
  });
}

/** The reminder before a yearly renewal (the terms promise it). */
export function renewalReminderEmail(input: { to: string; renewsAt: Date; amountOre: number; link: string }): MailMessage {
  const r = t.reminder;
  return subscriptionEmail({
    to: input.to,
    subject: r.subject,
    lines: [r.intro(input.renewsAt.toISOString(), formatOre(input.amountOre)), r.cancel],
    link: { href: input.link, label: t.profileButton },
  });
}

/** A list price change reaches this subscriber from renewal `from` (at least 30 days ahead), with the right to cancel before. */
export function priceChangeEmail(input: {
  to: string;
  plan: Plan;
  fromOre: number;
  toOre: number;
  from: Date;
  link: string;
}): MailMessage {
  const r = t.priceChange;
  const date = input.from.toISOString();
  return subscriptionEmail({
    to: input.to,
    subject: r.subject,
    lines: [r.intro(input.plan, formatOre(input.fromOre), formatOre(input.toOre)), r.when(date), r.cancel(date)],
    link: { href: input.link, label: t.profileButton },
  });
}

/** «Verv en venn»: a friend's payment earned the member a free month — a credit of `amountOre`, or the next charge moved to `movedTo`. */
export function referralCreditEmail(input: {
  to: string;
  credit: { amountOre: number } | { movedTo: Date };
  link: string;
}): MailMessage {
  const r = referralCreditMail;
  const { credit } = input;
  return subscriptionEmail({
    to: input.to,
    subject: r.subject,
    lines: [r.intro, 'amountOre' in credit ? r.balance(formatOre(credit.amountOre)) : r.period(credit.movedTo.toISOString())],
    link: { href: input.link, label: t.profileButton },
  });
}

/** A renewal failed: update the card before the grace period ends. */
export function dunningEmail(input: { to: string; amountOre: number; graceEnds: Date; link: string }): MailMessage {
  const r = t.dunning;
  return subscriptionEmail({
    to: input.to,
    subject: r.subject,
    lines: [r.intro(formatOre(input.amountOre)), r.action(input.graceEnds.toISOString())],
    link: { href: input.link, label: t.profileButton },
  });
}

/** Premium has ended (cancelled period over, grace run out, or refunded). */
export function premiumEndedEmail(input: { to: string; link: string }): MailMessage {
  const r = t.ended;
  return subscriptionEmail({
    to: input.to,
    subject: r.subject,
    lines: [r.intro, r.again],
    link: { href: input.link, label: t.profileButton },
  });
}

/**
 * A refund (ours or the provider's) or a lost dispute: how much, when it reaches the buyer, whether
 * Premium ended, and the credit note. `number` and `receipt` may be placeholders the database
 * fills in (`refundMailStatement`), so the mail carries the numbers its batch gave the documents.
 */
export function refundEmail(input: {
  to: string;
  number: string;
  receipt: string;
  amountOre: number;
  provider: PaymentProviderName;
  dispute: boolean;
  /** When Premium ended with this refund; null when it goes on (a partial refund). */
  endedAt: Date | null;
  link: string;
}): MailMessage {
  const r = t.refund;
  const amount = formatOre(input.amountOre);
  return subscriptionEmail({
    to: input.to,
    subject: r.subject(input.number, amount),
    lines: [
      input.dispute ? r.disputeLost(amount, input.receipt) : r.intro(amount, input.receipt),
      // The bank has already moved the money back after a lost dispute.
      ...(input.dispute ? [] : [r.arrives[input.provider]]),
      input.endedAt ? r.ended(input.endedAt.toISOString()) : r.continues,
    ],
    link: { href: input.link, label: r.button },
  });
}
