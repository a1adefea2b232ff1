/**
 * happy-dom's window, document and storage as globals for the stores' tests, which run in Node's
 * environment beside a real test app: the app keeps Node's URL, fetch, Request and Response (Vitest's
 * own happy-dom environment would swap them, and transform the app's modules for a browser).
 * Import the store under test after this has run (a dynamic import), as a page would load it.
 */
import { GlobalWindow } from 'happy-dom';
import { afterAll, beforeAll } from 'vitest';
import { TEST_ORIGIN } from './app';

/** What the stores reach for on a page; Event is the window's, so the window accepts what they dispatch. */
const KEYS = [
  'window',
  'document',
  'location',
  'history',
  'sessionStorage',
  'localStorage',
  'matchMedia',
  'Event',
  'addEventListener',
  'removeEventListener',
] as const;

export function browserGlobals() {
  let win: GlobalWindow;
  beforeAll(() => {
    win = new GlobalWindow({ url: TEST_ORIGIN, console: globalThis.console });
    for (const key of KEYS) {
      const value: unknown = win[key];
      Object.defineProperty(globalThis, key, {
        value: typeof value === 'function' ? value.bind(win) : value,
        configurable: true,
      });
    }
  });
  afterAll(async () => {
    for (const key of KEYS) Reflect.deleteProperty(globalThis, key);
    await win.happyDOM.abort();
    await win.happyDOM.close();
  });
}
