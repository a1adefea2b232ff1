/**
 * Renders a React element into happy-dom's document for the islands' unit tests (files that start
 * with `// @vitest-environment happy-dom`).
 */
import { act, createElement, type FunctionComponent, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';

// React asks for this before it lets `act` flush effects and updates.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export async function render(element: ReactElement) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(element));
  return {
    container,
    /** Renders again with new props, as a parent's state change would. */
    rerender: (next: ReactElement) => act(async () => root.render(next)),
    unmount: () => act(async () => root.unmount()),
  };
}

/** A hook's latest value: `use()` runs inside a component; the returned getter reads what it gave last. */
export async function renderHook<T>(use: () => T) {
  let latest: T;
  const Probe: FunctionComponent = () => {
    latest = use();
    return null;
  };
  const rendered = await render(createElement(Probe));
  return { ...rendered, current: () => latest };
}
