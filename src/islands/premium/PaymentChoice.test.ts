// @vitest-environment happy-dom
import type { Window as HappyWindow } from 'happy-dom';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '#support/render';
import PaymentChoice from './PaymentChoice';

/** The ways to pay as listed, top to bottom. */
async function listedAt(width: number) {
  // happy-dom's own control of the window, which the DOM's types do not know.
  (window as unknown as HappyWindow).happyDOM.setViewport({ width, height: 844 });
  const onChange = vi.fn();
  const { container } = await render(createElement(PaymentChoice, { providers: ['stripe', 'vipps'], value: 'stripe', onChange }));
  const labels = [...container.querySelectorAll('label')].map((l) => l.textContent ?? '');
  return { labels, container, onChange };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the choice of how to pay', () => {
  it('lists the checkout’s order on a wide screen, and Vipps first on a phone', async () => {
    expect((await listedAt(1280)).labels).toEqual([expect.stringMatching(/^Kort/), expect.stringMatching(/^Vipps/)]);
    expect((await listedAt(390)).labels).toEqual([expect.stringMatching(/^Vipps/), expect.stringMatching(/^Kort/)]);
  });

  it('checks the checkout’s default and tells the screen when the buyer picks another', async () => {
    const { container, onChange } = await listedAt(390);
    const radios = [...container.querySelectorAll<HTMLInputElement>('input[type=radio]')];
    expect(radios.map((r) => r.checked)).toEqual([false, true]);
    radios[0]!.click();
    expect(onChange).toHaveBeenCalledWith('vipps');
  });
});
