import { PLANS, type Plan } from '#shared/constants';
import { PAYMENT_RETURN } from '#shared/paths';
import { firstPeriodOffer, referralFirstPeriod, type FirstPeriod, type PlanPrices } from '#shared/pricing';
import type { CheckoutStatusResponse, OfferResponse, PublicCampaign } from '#shared/schemas/premium';
import type { TrialOffer } from '#shared/trial';
import type { PaymentProviderName } from '#db/schema/enums';

/**
 * Where the upgrade screen is: in the four steps (`flow`), waiting for the payment to be
 * confirmed after a payment page, or at its end (paid, refused, or expired at the provider).
 */
export type Phase = 'flow' | 'confirming' | 'unconfirmed' | 'success' | 'failed' | 'expired';
export type FlowState = {
  phase: Phase;
  /** 0 Velkommen, 1 Funksjoner, 2 Prising, 3 Bekreft. */
  step: number;
  plan: Plan;
  /** The way to pay the buyer chose; null: the checkout's default. */
  provider: PaymentProviderName | null;
  processing: boolean;
  /** The server refused the offer's free trial (409 trial_unavailable): the screen shows the purchase without it. */
  trialDeclined: boolean;
};

export type FlowAction =
  | { type: 'step'; step: number }
  | { type: 'plan'; plan: Plan }
  | { type: 'provider'; provider: PaymentProviderName }
  | { type: 'paying' }
  | { type: 'payFailed' }
  | { type: 'trialDeclined' }
  | { type: 'phase'; phase: Phase }
  /** Back to the last step after a refused or expired payment, to try again. */
  | { type: 'retry' };

export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case 'step':
      return { ...state, step: action.step };
    case 'plan':
      return { ...state, plan: action.plan };
    case 'provider':
      return { ...state, provider: action.provider };
    case 'paying':
      return { ...state, processing: true };
    case 'payFailed':
      return { ...state, processing: false };
    case 'trialDeclined':
      return { ...state, trialDeclined: true };
    case 'phase':
      return { ...state, phase: action.phase, processing: false };
    case 'retry':
      return { ...state, phase: 'flow', step: 3, processing: false };
  }
}

/** Where a payment page sent the browser back to: `/premium?status=success|cancel&plan=…&payment=…`. */
export type Return = { status: 'success' | 'cancel' | null; plan: Plan | null; paymentId: string | null };

export function readReturn(): Return {
  if (typeof window === 'undefined') return { status: null, plan: null, paymentId: null };
  const query = new URLSearchParams(window.location.search);
  const status = query.get(PAYMENT_RETURN.param);
  const plan = query.get(PAYMENT_RETURN.planParam);
  return {
    status: status === PAYMENT_RETURN.success || status === PAYMENT_RETURN.cancel ? status : null,
    plan: PLANS.find((p) => p === plan) ?? null,
    paymentId: query.get(PAYMENT_RETURN.paymentParam),
  };
}

/** The state the screen opens in: waiting for confirmation after a payment page, back at step 3 after a cancel, else the start. */
export const initialFlow = (returned: Return): FlowState => ({
  phase: returned.status === 'success' ? 'confirming' : 'flow',
  step: returned.status === 'cancel' ? 3 : 0,
  plan: returned.plan ?? 'yearly',
  provider: null,
  processing: false,
  trialDeclined: false,
});

/** What the pricing and confirm steps offer for `plan`: the first period's price, and the free trial with it, if any. */
export type PlanOffer = { price: FirstPeriod; trial: TrialOffer | null };

/**
 * The offer for `plan` (docs/decisions/0060-free-trial.md). A free trial is the new member's one
 * offer: it replaces the welcome offer (the first charge is the list price), but a campaign that
 * sells this plan cheaper keeps its price, and then no trial — the steps before showed that price
 * and its countdown. A discount code entered on the confirm step replaces both (ConfirmStep), and
 * a member's link (`link`, each plan's price from GET /api/checkout) replaces all of them.
 */
export function planOffer(
  plan: Plan,
  prices: PlanPrices,
  campaign: Pick<PublicCampaign, 'id' | 'plan' | 'pricing'> | null,
  data: Pick<OfferResponse, 'welcomeOffer' | 'trial'> | null,
  trialDeclined: boolean,
  link: Record<Plan, number | null> | null = null,
): PlanOffer {
  // A member's «Verv en venn» link: its discount replaces every other offer and the trial (the server charges it as a coupon).
  const linked = referralFirstPeriod(plan, prices, link);
  if (linked) return { price: linked, trial: null };
  const trial = trialDeclined ? null : (data?.trial ?? null);
  const price = firstPeriodOffer(plan, prices, campaign, trial ? null : (data?.welcomeOffer ?? null));
  return { price, trial: trial && price.campaignId === null ? trial : null };
}

/** The screen after a checkout's status, back from a payment page; null: not settled yet. A started trial is a success. */
export function phaseAfter(status: CheckoutStatusResponse['status']): Phase | null {
  if (status === 'paid' || status === 'trial') return 'success';
  return status === 'failed' || status === 'expired' ? status : null;
}
