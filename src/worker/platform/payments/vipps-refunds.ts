import type { PaymentEvent } from './types';
import type { VippsChargeStatus, VippsWebhookPayload } from './vipps-states';

/** The Recurring API's webhook for a charge refunded in part or in full (by our refund, or in Vipps's portal). */
export const VIPPS_CHARGE_REFUNDED = 'recurring.charge-refunded.v1';

/** A charge as `GET /recurring/v3/agreements/{id}/charges/{chargeId}` answers, as far as we read it. */
export type VippsCharge = {
  id: string;
  status: VippsChargeStatus;
  amount: number;
  summary?: { captured: number; refunded: number; cancelled: number };
};

/**
 * What Vipps has paid back of a charge in all, read from the charge itself (`summary.refunded`).
 * The charge's id is our payment's reference (the initial charge's is our payment's id). Each
 * refunded total is its own event, so a second partial refund of the same charge is not taken
 * for a redelivery of the first.
 */
export async function refundedChargeEvent(
  payload: VippsWebhookPayload,
  getCharge: (agreementId: string, chargeId: string) => Promise<VippsCharge>,
): Promise<PaymentEvent> {
  if (!payload.chargeId) return { id: `${payload.eventType}:${payload.agreementId}`, outcome: 'ignored' };
  const charge = await getCharge(payload.agreementId, payload.chargeId);
  const refundedOre = charge.summary?.refunded ?? (charge.status === 'REFUNDED' ? charge.amount : 0);
  return {
    id: `${VIPPS_CHARGE_REFUNDED}:${charge.id}:${refundedOre}`,
    outcome: 'refunded',
    paymentRef: charge.id,
    subscriptionRef: payload.agreementId,
    refundedOre,
  };
}
