import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeStripeCoupon, FakeStripeSubscription, StripeTestEvent } from './fake-stripe';

type Session = {
  id: string;
  clientReferenceId: string | null;
  email: string | null;
  /** Øre: the price of the item (each renewal), and what the first invoice charges after the session's coupon. */
  unitAmount: number;
  amount: number;
  /** The session asked for a free trial (`subscription_data[trial_period_days]`): nothing is paid now. */
  trial: boolean;
  successUrl: string;
  cancelUrl: string;
  status: 'open' | 'complete' | 'expired';
};

type Sign = (event: StripeTestEvent) => Promise<{ body: string; signature: string }>;

/**
 * Stripe's hosted Checkout page as the fake stands in for it, for the browser tests: the session's
 * url leads to a page of the fake's own; "Betal" there completes the session, starts its
 * subscription (then Stripe's truth, read back by the app), posts the signed
 * `checkout.session.completed` to `webhookUrl` as Stripe would, and sends the browser to the
 * session's success_url. "Avbryt" sends it to the cancel_url. A session with a free trial costs
 * 0 kr, completes with nothing to pay and starts a `trialing` subscription, as Stripe's does.
 */
export function hostedCheckout(
  held: Map<string, FakeStripeSubscription>,
  coupons: ReadonlyMap<string, FakeStripeCoupon>,
  sign: Sign,
) {
  const sessions = new Map<string, Session>();
  const state = { webhookUrl: null as string | null, base: '' };

  const sessionObject = (s: Session) => ({
    id: s.id,
    object: 'checkout.session',
    mode: 'subscription',
    status: s.status,
    payment_status: s.status !== 'complete' ? 'unpaid' : s.trial ? 'no_payment_required' : 'paid',
    client_reference_id: s.clientReferenceId,
    customer_details: { email: s.email },
    amount_total: s.amount,
    currency: 'nok',
    subscription: s.status === 'complete' ? `sub_${s.id}` : null,
    invoice: s.status === 'complete' ? `in_${s.id}` : null,
    url: s.status === 'open' ? `${state.base}/c/pay/${s.id}` : null,
  });

  async function pay(s: Session) {
    s.status = 'complete';
    const status = s.trial ? 'trialing' : 'active';
    held.set(`sub_${s.id}`, { id: `sub_${s.id}`, status, cancel_at_period_end: false, unit_amount: s.unitAmount });
    if (!state.webhookUrl) return;
    const { body, signature } = await sign({ id: `evt_${s.id}`, type: 'checkout.session.completed', object: sessionObject(s) });
    await fetch(state.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body,
    });
  }

  const page = (s: Session) => `<!doctype html>
<html lang="nb"><head><title>Stripe Checkout (falsk)</title></head><body>
<h1>Betal med kort</h1><p>${(s.amount / 100).toFixed(2)} kr til Soloprenør (${s.email ?? ''})</p>
<form method="post" action="/c/pay/${s.id}/pay"><button>Betal</button></form>
<form method="post" action="/c/pay/${s.id}/cancel"><button>Avbryt</button></form>
</body></html>`;

  return {
    state,
    /** A session the app created (`POST /v1/checkout/sessions`): Stripe's answer, with the url of the fake's page. */
    open(id: string, form: URLSearchParams) {
      const unitAmount = Number(form.get('line_items[0][price_data][unit_amount]'));
      // A coupon Stripe does not know is refused, as Stripe refuses it.
      const couponId = form.get('discounts[0][coupon]');
      const coupon = couponId === null ? null : coupons.get(couponId);
      if (coupon === undefined) return { error: `No such coupon: '${couponId}'` };
      const trial = form.get('subscription_data[trial_period_days]') !== null;
      const s: Session = {
        id,
        clientReferenceId: form.get('client_reference_id'),
        email: form.get('customer_email'),
        unitAmount,
        amount: trial ? 0 : Math.max(0, unitAmount - (coupon?.amount_off ?? 0)),
        trial,
        successUrl: form.get('success_url') ?? '',
        cancelUrl: form.get('cancel_url') ?? '',
        status: 'open',
      };
      sessions.set(id, s);
      return sessionObject(s);
    },
    /** Answers the hosted page and `GET /v1/checkout/sessions/{id}`; false for anything else. */
    answer(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
      const api = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
      const hosted = /^\/c\/pay\/([\w-]+)(?:\/(pay|cancel))?$/.exec(url.pathname);
      const s = sessions.get(api?.[1] ?? hosted?.[1] ?? '');
      if (!s || (api && req.method !== 'GET')) return false;
      if (api) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(sessionObject(s)));
      else if (req.method === 'GET') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(s));
      else if (hosted?.[2] === 'pay')
        void pay(s).then(() => res.writeHead(303, { location: s.successUrl.replace('{CHECKOUT_SESSION_ID}', s.id) }).end());
      else res.writeHead(303, { location: s.cancelUrl }).end();
      return true;
    },
  };
}
