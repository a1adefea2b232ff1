import type Stripe from 'stripe';
import type { PaymentEvent } from './types';

const CHARGE_EVENTS = ['charge.refunded', 'charge.dispute.created', 'charge.dispute.closed'] as const;
type ChargeStripeEvent = Extract<Stripe.Event, { type: (typeof CHARGE_EVENTS)[number] }>;

export const isChargeEvent = (event: Stripe.Event): event is ChargeStripeEvent =>
  (CHARGE_EVENTS as readonly string[]).includes(event.type);

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? undefined));

/**
 * A refund or dispute, as Stripe's current objects tell it (the event may be old or out of order):
 * the charge's `amount_refunded` now, or the dispute's status now. Our payment is known by its
 * invoice, found from the charge's payment intent (API 2025+: invoice payments link the two).
 * Throws when Stripe cannot be reached: the webhook then fails and Stripe delivers it again.
 */
export async function stripeChargeEvent(stripe: Stripe, event: ChargeStripeEvent): Promise<PaymentEvent> {
  const base = { id: event.id };
  const ignored: PaymentEvent = { ...base, outcome: 'ignored' };
  if (event.type === 'charge.refunded') {
    const charge = await stripe.charges.retrieve(event.data.object.id);
    const invoice = await invoiceOf(stripe, idOf(charge.payment_intent));
    if (!invoice) return ignored;
    return { ...base, outcome: 'refunded', ...invoice, refundedOre: charge.amount_refunded };
  }
  const dispute = await stripe.disputes.retrieve(event.data.object.id);
  const invoice = await invoiceOf(stripe, idOf(dispute.payment_intent));
  if (!invoice) return ignored;
  const decided = dispute.status === 'won' ? 'won' : dispute.status === 'lost' ? 'lost' : null;
  // Closed otherwise (a warning that never became a dispute): nothing was taken.
  if (event.type === 'charge.dispute.closed' && !decided) return ignored;
  return { ...base, outcome: 'dispute', ...invoice, dispute: decided ?? 'open' };
}

/** The invoice a payment intent paid (our payment's ref) and the subscription it belongs to; none for a charge outside our subscriptions. */
async function invoiceOf(stripe: Stripe, paymentIntent: string | undefined) {
  if (!paymentIntent) return null;
  const [paid] = (
    await stripe.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: paymentIntent },
      expand: ['data.invoice'],
      limit: 1,
    })
  ).data;
  const invoice = paid?.invoice;
  if (!invoice) return null;
  if (typeof invoice === 'string') return { paymentRef: invoice };
  if ('deleted' in invoice) return null;
  const subscriptionRef = idOf(invoice.parent?.subscription_details?.subscription);
  return invoice.id ? { paymentRef: invoice.id, ...(subscriptionRef ? { subscriptionRef } : {}) } : null;
}
