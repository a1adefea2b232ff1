import type { ReadableAtom } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '#support/app';
import { browserFetchTo } from '#support/browser-fetch';
import { browserGlobals } from '#support/browser-globals';

browserGlobals();
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ seed: true });
  vi.resetModules();
});
afterEach(() => t.close());

let leave: (() => void) | undefined;
afterEach(() => leave?.());

/** A fetcher store's value once its answer has come; the store stays mounted, as on the page, until the test ends. */
function answered<T>(store: ReadableAtom<{ data?: T; loading: boolean }>): Promise<T> {
  return new Promise((resolve) => {
    leave = store.subscribe((value) => {
      if (value.data && !value.loading) resolve(value.data);
    });
  });
}

/** A signed-in learner's module page: the guide store with module `mindset` open. */
async function modulePage() {
  const { sessionToken } = await t.signIn('laerer@example.com');
  const { calls } = browserFetchTo(t, sessionToken);
  const store = await import('./guide');
  store.$moduleId.set('mindset');
  await answered(store.$module);
  return { ...store, calls, token: sessionToken };
}

const lesson = (data: { module: { lessons: { id: string }[] } } | undefined, id: string) =>
  data?.module.lessons.find((l) => l.id === id);

describe('the guide store, against the real API', () => {
  it('shows a saved note on the module page at once, as the server stored it', async () => {
    const { $module, saveNote, token } = await modulePage();
    await saveNote('mindset-quick-win', { body: 'Husk å starte smått', bookmarked: true });
    expect(lesson($module.get().data, 'mindset-quick-win')).toMatchObject({
      note: { body: 'Husk å starte smått', bookmarked: true },
    });
    const fresh = await t.as(token).guide.modules[':id'].$get({
      param: { id: 'mindset' },
      query: {},
    });
    expect(lesson(await fresh.json(), 'mindset-quick-win')).toMatchObject({ note: { bookmarked: true } });
  });

  it('marks a lesson done from the progress answer before the refetch, and refreshes the overview', async () => {
    const { $module, $saveProgress, calls } = await modulePage();
    calls.length = 0;
    await $saveProgress.mutate({ moduleId: 'mindset', completedSections: ['mindset-quick-win'] });
    const data = $module.get().data!;
    expect(lesson(data, 'mindset-quick-win')).toMatchObject({ completed: true });
    expect(data.module.completedCount).toBe(1);
    expect(calls[0]).toBe('POST /api/guide/progress');
  });
});
