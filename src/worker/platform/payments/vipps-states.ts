import type { PaymentEvent } from './types';

/** A Recurring API webhook's payload, as far as we read it. */
export type VippsWebhookPayload = {
  eventType: string;
  agreementId: string;
  /** Ours: the first payment's id, given as the agreement's `externalId`. */
  agreementExternalId?: string | null;
  chargeId?: string | null;
  chargeType?: 'INITIAL' | 'RECURRING' | 'UNSCHEDULED' | null;
};

/** Agreement statuses (GET /recurring/v3/agreements/{id}) and charge statuses (…/charges/{id}). */
export type VippsAgreementStatus = 'PENDING' | 'ACTIVE' | 'STOPPED' | 'EXPIRED';
export type VippsChargeStatus =
  | 'PENDING'
  | 'DUE'
  | 'RESERVED'
  | 'CHARGED'
  | 'PARTIALLY_CAPTURED'
  | 'FAILED'
  | 'CANCELLED'
  | 'PARTIALLY_REFUNDED'
  | 'REFUNDED'
  | 'PROCESSING';

const CHARGE_ENDED_BADLY = ['recurring.charge-failed.v1', 'recurring.charge-canceled.v1', 'recurring.charge-creation-failed.v1'];

/**
 * One event per agreement change or charge outcome, whoever reports it (a webhook, or our poll
 * of the same state): a redelivery, or the webhook after a poll found the same, is the same id.
 */
const eventId = (eventType: string, about: string) => `${eventType}:${about}`;

/**
 * The Recurring API's words in ours (docs/decisions/0026-vipps-mobilepay.md):
 * - agreement activated (the buyer accepted; the initial charge is direct-captured with it) → the
 *   first payment is paid; the initial charge's id is our payment's id (its `orderId`);
 * - agreement rejected → the checkout failed; expired → a pending checkout expired, an active
 *   subscription ended; stopped (in the app, or by our cancel) → it ends at the paid period's end;
 * - charge captured → the first payment (INITIAL) or our pending renewal (RECURRING) is paid;
 *   charge failed, cancelled or not created → the checkout failed, or the renewal was declined.
 */
export function vippsWebhookEvent(p: VippsWebhookPayload): PaymentEvent {
  const agreement = p.agreementId;
  const firstPayment = p.agreementExternalId ?? undefined;
  const id = eventId(p.eventType, p.chargeId ?? agreement);
  switch (p.eventType) {
    case 'recurring.agreement-activated.v1':
      return {
        id,
        outcome: 'paid',
        paymentId: firstPayment,
        paymentRef: agreement,
        ref: firstPayment,
        subscriptionRef: agreement,
      };
    case 'recurring.agreement-rejected.v1':
      return { id, outcome: 'failed', paymentId: firstPayment, paymentRef: agreement };
    case 'recurring.agreement-expired.v1':
      return { id, outcome: 'subscription_ended', subscriptionRef: agreement, paymentRef: agreement };
    case 'recurring.agreement-stopped.v1':
      return { id, outcome: 'subscription_updated', subscriptionRef: agreement, cancelAtPeriodEnd: true };
  }
  if (!p.chargeId) return { id, outcome: 'ignored' };
  const initial = p.chargeType === 'INITIAL';
  if (p.eventType === 'recurring.charge-captured.v1') {
    return initial
      ? { id, outcome: 'paid', paymentId: p.chargeId, ref: p.chargeId, subscriptionRef: agreement }
      : { id, outcome: 'renewal_settled', paymentId: p.chargeId, paymentRef: p.chargeId, subscriptionRef: agreement };
  }
  if (CHARGE_ENDED_BADLY.includes(p.eventType)) {
    return initial
      ? { id, outcome: 'failed', paymentId: p.chargeId }
      : { id, outcome: 'renewal_declined', paymentId: p.chargeId, paymentRef: p.chargeId, subscriptionRef: agreement };
  }
  // charge-reserved: we only direct-capture, so a reservation is not yet money.
  return { id, outcome: 'ignored' };
}

/** A pending checkout's agreement, as polled: the event its webhook would have been. */
export function agreementPollEvent(agreement: { id: string; status: VippsAgreementStatus }, paymentId: string): PaymentEvent {
  const payload = { agreementId: agreement.id, agreementExternalId: paymentId };
  switch (agreement.status) {
    case 'ACTIVE':
      return vippsWebhookEvent({ ...payload, eventType: 'recurring.agreement-activated.v1' });
    // A pending agreement the buyer said no to is stopped.
    case 'STOPPED':
      return vippsWebhookEvent({ ...payload, eventType: 'recurring.agreement-rejected.v1' });
    case 'EXPIRED':
      return {
        id: eventId('recurring.agreement-expired.v1', agreement.id),
        outcome: 'expired',
        paymentId,
        paymentRef: agreement.id,
      };
    case 'PENDING':
      return { id: `poll:${agreement.id}`, outcome: 'ignored' };
  }
}

/** A pending renewal charge, as polled. */
export function chargePollEvent(charge: { id: string; agreementId: string; status: VippsChargeStatus }): PaymentEvent {
  const payload = { agreementId: charge.agreementId, chargeId: charge.id, chargeType: 'RECURRING' as const };
  if (charge.status === 'CHARGED') return vippsWebhookEvent({ ...payload, eventType: 'recurring.charge-captured.v1' });
  if (charge.status === 'FAILED' || charge.status === 'CANCELLED')
    return vippsWebhookEvent({ ...payload, eventType: 'recurring.charge-failed.v1' });
  return { id: `poll:${charge.id}`, outcome: 'ignored' };
}
