import type { PAYMENT_STATUSES } from '#db/schema/enums';
import { GUARANTEE_DAYS } from '#shared/constants';
import { DAY } from '#shared/time';

/**
 * The refund window a friend's payment must be past before the member earns the free month:
 * the money-back guarantee's days (the longest a buyer may still ask for the money back).
 */
export const REFERRAL_WAIT_MS = GUARANTEE_DAYS * DAY;

/** An address as one mailbox: lower case, without a `+tag` (kari+2@… is kari@…). */
export const mailbox = (email: string) => {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  return `${local.split('+')[0]}@${domain}`;
};

export type ReferralFacts = {
  status: 'registered' | 'paid';
  referrerId: string | null;
  friendId: string | null;
  referrerEmail: string | null;
  friendEmail: string | null;
  payment: { status: (typeof PAYMENT_STATUSES)[number]; paidAt: Date | null; refundedOre: number; disputed: boolean };
};

/** What the job does with a referral now, from what it read (the card check and the credit follow `credit`). */
export type ReferralStep =
  | { kind: 'wait' }
  | { kind: 'paid'; paidAt: Date }
  | { kind: 'reject'; reason: 'account_gone' | 'own_address' | 'refunded' | 'unpaid' }
  | { kind: 'credit'; paidAt: Date };

/**
 * The rules of the free month (docs/decisions/0061), in order: both people still have accounts;
 * not the member's own account or mailbox; the friend's payment not refunded (any part) or
 * disputed; paid, not failed; past the refund window. Until then, it waits.
 */
export function referralStep(r: ReferralFacts, at: number): ReferralStep {
  if (!r.referrerId || !r.friendId || !r.referrerEmail || !r.friendEmail) return { kind: 'reject', reason: 'account_gone' };
  if (r.referrerId === r.friendId || mailbox(r.referrerEmail) === mailbox(r.friendEmail))
    return { kind: 'reject', reason: 'own_address' };
  const p = r.payment;
  if (p.status === 'refunded' || p.refundedOre > 0 || p.disputed) return { kind: 'reject', reason: 'refunded' };
  if (p.status === 'failed' || p.status === 'expired') return { kind: 'reject', reason: 'unpaid' };
  if (p.status !== 'paid' || !p.paidAt) return { kind: 'wait' };
  if (p.paidAt.getTime() + REFERRAL_WAIT_MS > at)
    return r.status === 'registered' ? { kind: 'paid', paidAt: p.paidAt } : { kind: 'wait' };
  return { kind: 'credit', paidAt: p.paidAt };
}

type CountedPayment = {
  status: (typeof PAYMENT_STATUSES)[number];
  paidAt: Date | null;
  refundedOre: number;
  disputeStatus: string | null;
};

/**
 * The friend's payment the rules look at. A free trial's checkout charges nothing
 * (docs/decisions/0060-free-trial.md), so a referral made with one counts the first charge after
 * the trial (`firstCharge`, on the same subscription): until there is one it waits, and a trial
 * whose subscription ended without one was never paid.
 */
export function countedPayment<P extends CountedPayment>(
  checkout: P,
  firstCharge: P | null,
  subscriptionStatus: string | null,
): CountedPayment {
  if (checkout.status !== 'trial') return checkout;
  if (firstCharge) return firstCharge;
  return { status: subscriptionStatus === 'expired' ? 'expired' : 'pending', paidAt: null, refundedOre: 0, disputeStatus: null };
}
