// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { planPrices } from '#shared/pricing';
import { flowReducer, initialFlow, phaseAfter, planOffer, readReturn, type FlowState } from './premium-flow-state';

const at = (search: string) => window.history.replaceState(null, '', `/premium${search}`);
afterEach(() => at(''));

const start: FlowState = { phase: 'flow', step: 2, plan: 'yearly', provider: null, processing: false, trialDeclined: false };

describe('the upgrade screen’s state', () => {
  it('opens at the start, or waiting for the payment after a payment page said success', () => {
    at('');
    expect(initialFlow(readReturn())).toEqual({
      phase: 'flow',
      step: 0,
      plan: 'yearly',
      provider: null,
      processing: false,
      trialDeclined: false,
    });
    at('?status=success&plan=monthly&payment=pay_1');
    expect(readReturn()).toEqual({ status: 'success', plan: 'monthly', paymentId: 'pay_1' });
    expect(initialFlow(readReturn())).toMatchObject({ phase: 'confirming', plan: 'monthly' });
  });

  it('comes back to the confirm step after a cancel, and ignores what it does not know', () => {
    at('?status=cancel&plan=weekly');
    expect(readReturn()).toEqual({ status: 'cancel', plan: null, paymentId: null });
    expect(initialFlow(readReturn())).toMatchObject({ phase: 'flow', step: 3, plan: 'yearly' });
    at('?status=hacked');
    expect(readReturn().status).toBeNull();
  });

  it('is busy from the pay press until the payment fails or the phase changes', () => {
    const paying = flowReducer(start, { type: 'paying' });
    expect(paying.processing).toBe(true);
    expect(flowReducer(paying, { type: 'payFailed' })).toEqual(start);
    expect(flowReducer(paying, { type: 'phase', phase: 'success' })).toMatchObject({ phase: 'success', processing: false });
  });

  it('keeps the chosen plan and way to pay, and goes back to the last step to try again', () => {
    let s = flowReducer(start, { type: 'plan', plan: 'monthly' });
    s = flowReducer(s, { type: 'provider', provider: 'vipps' });
    s = flowReducer(s, { type: 'phase', phase: 'failed' });
    expect(flowReducer(s, { type: 'retry' })).toEqual({
      phase: 'flow',
      step: 3,
      plan: 'monthly',
      provider: 'vipps',
      processing: false,
      trialDeclined: false,
    });
  });
});

describe('the free trial on /premium (docs/decisions/0060-free-trial.md)', () => {
  const prices = planPrices([], 0);
  const trial = { days: 14, firstChargeAt: '2026-12-11T12:00:00.000Z' };
  const welcomeOffer = { plan: 'yearly' as const, amount: 1495, endsAt: '2026-12-01T00:00:00.000Z' };
  const list = (amount: number) => ({ amount, before: null, renewal: null, campaignId: null, welcome: false });
  // A campaign selling the monthly plan at 299 kr instead of 399 kr.
  const campaign = {
    id: 'camp_1',
    plan: 'monthly' as const,
    pricing: { original: 399, discounted: 299, currency: 'NOK' as const, period: 'måned' as const },
  };

  it('replaces the welcome offer: the list price, charged when the trial ends', () => {
    expect(planOffer('yearly', prices, null, { welcomeOffer, trial }, false)).toEqual({ price: list(1995), trial });
    expect(planOffer('monthly', prices, null, { welcomeOffer, trial }, false)).toEqual({ price: list(399), trial });
  });

  it('gives way to a campaign that sells the plan cheaper, and comes only with the list price', () => {
    const monthly = planOffer('monthly', prices, campaign, { welcomeOffer: null, trial }, false);
    expect(monthly).toEqual({
      price: { amount: 299, before: 399, renewal: 399, campaignId: 'camp_1', welcome: false },
      trial: null,
    });
    // The other plan keeps its trial; the welcome offer stays replaced on both.
    expect(planOffer('yearly', prices, campaign, { welcomeOffer, trial }, false)).toEqual({ price: list(1995), trial });
  });

  it('is gone once the server refused it, and the welcome offer is back', () => {
    const declined = flowReducer(start, { type: 'trialDeclined' });
    expect(declined.trialDeclined).toBe(true);
    expect(flowReducer(declined, { type: 'retry' }).trialDeclined).toBe(true);
    expect(planOffer('yearly', prices, null, { welcomeOffer, trial }, declined.trialDeclined)).toEqual({
      price: { amount: 1495, before: null, renewal: 1995, campaignId: null, welcome: true },
      trial: null,
    });
  });

  it('without a trial offered, the offer is as before', () => {
    expect(planOffer('yearly', prices, null, { welcomeOffer, trial: null }, false).trial).toBeNull();
    expect(planOffer('yearly', prices, null, null, false)).toEqual({ price: list(1995), trial: null });
  });

  it('takes a started trial back from a payment page as a success', () => {
    expect(phaseAfter('trial')).toBe('success');
    expect(phaseAfter('paid')).toBe('success');
    expect(phaseAfter('failed')).toBe('failed');
    expect(phaseAfter('expired')).toBe('expired');
    expect(phaseAfter('pending')).toBeNull();
  });
});
