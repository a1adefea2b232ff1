// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { flowReducer, initialFlow, readReturn, type FlowState } from './premium-flow-state';

const at = (search: string) => window.history.replaceState(null, '', `/premium${search}`);
afterEach(() => at(''));

const start: FlowState = { phase: 'flow', step: 2, plan: 'yearly', provider: null, processing: false };

describe('the upgrade screen’s state', () => {
  it('opens at the start, or waiting for the payment after a payment page said success', () => {
    at('');
    expect(initialFlow(readReturn())).toEqual({ phase: 'flow', step: 0, plan: 'yearly', provider: null, processing: false });
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
    });
  });
});
