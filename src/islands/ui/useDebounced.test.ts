// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '#support/render';
import { DEBOUNCE_MS, useDebounced } from './useDebounced';

/** An editor's preview: each settled text is "sent", and each answer is kept only while still live. */
function Preview({ text, sent, shown }: { text: string; sent: string[]; shown: string[] }) {
  useDebounced(text, text, (value, live) => {
    sent.push(value);
    setTimeout(() => live() && shown.push(value), 1000);
  });
  return null;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useDebounced', () => {
  it('asks once, for the last value, when the typing has paused', async () => {
    const sent: string[] = [];
    const shown: string[] = [];
    const view = await render(createElement(Preview, { text: 'H', sent, shown }));
    for (const text of ['He', 'Hei', 'Hei!']) {
      await view.rerender(createElement(Preview, { text, sent, shown }));
      await act(async () => vi.advanceTimersByTime(DEBOUNCE_MS - 1));
    }
    expect(sent).toEqual([]);
    await act(async () => vi.advanceTimersByTime(1));
    expect(sent).toEqual(['Hei!']);
  });

  it('drops an answer that arrives after a newer value', async () => {
    const sent: string[] = [];
    const shown: string[] = [];
    const view = await render(createElement(Preview, { text: 'gammel', sent, shown }));
    await act(async () => vi.advanceTimersByTime(DEBOUNCE_MS));
    await view.rerender(createElement(Preview, { text: 'ny', sent, shown }));
    await act(async () => vi.advanceTimersByTime(2000));
    expect(sent).toEqual(['gammel', 'ny']);
    expect(shown).toEqual(['ny']);
  });

  it('asks nothing once the editor is gone', async () => {
    const sent: string[] = [];
    const view = await render(createElement(Preview, { text: 'x', sent, shown: [] }));
    await view.unmount();
    await act(async () => vi.advanceTimersByTime(DEBOUNCE_MS * 2));
    expect(sent).toEqual([]);
  });
});
