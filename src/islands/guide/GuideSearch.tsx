import { Lock, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { SEARCH } from '#shared/constants';
import { lessonPath, modulePath } from '#shared/paths';
import type { SearchResult } from '#shared/schemas/guide';
import { errorMessage } from '#browser/call';
import { searchGuide } from '#browser/learner';
import { KEYBOARD_DEVICE, useMediaQuery } from '../ui/useMediaQuery';
import { inPreview } from './PreviewBanner';
import { learner } from '#shared/copy/guide/learner';
import { validation } from '#shared/copy/validation';

const t = learner.search;
/** Typing pauses this long before a search goes out. */
const DEBOUNCE_MS = 250;

type State =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; q: string; results: SearchResult[] }
  | { status: 'failed'; message: string };

/**
 * Search over the guide as you type: a results list under the field, its count announced.
 * Arrow down from the field goes to the results, arrows move between them, Escape goes back.
 */
export default function GuideSearch() {
  const id = useId();
  const [q, setQ] = useState('');
  const [state, setState] = useState<State>({ status: 'idle' });
  const field = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const query = q.trim();
  // The arrow-key hint only where there is a keyboard to press them on.
  const keyboard = useMediaQuery(KEYBOARD_DEVICE);

  useEffect(() => {
    if (query.length < SEARCH.minLength) return setState({ status: 'idle' });
    const abort = new AbortController();
    const timer = window.setTimeout(() => {
      setState({ status: 'loading' });
      searchGuide(query, abort.signal).then(
        ({ results }) => setState({ status: 'done', q: query, results }),
        (err) => !abort.signal.aborted && setState({ status: 'failed', message: errorMessage(err, t.failed) }),
      );
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      abort.abort();
    };
  }, [query]);

  const links = () => [...(list.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];
  function moveFrom(current: Element | null, step: 1 | -1) {
    const all = links();
    const at = all.findIndex((a) => a === current);
    if (at + step < 0) return field.current?.focus();
    all[Math.min(all.length - 1, at + step)]?.focus();
  }
  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      moveFrom(e.target === field.current ? null : (e.target as Element), e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Escape' && query) {
      e.preventDefault();
      setQ('');
      field.current?.focus();
    }
  }

  const announced =
    state.status === 'done' ? t.count(state.results.length, state.q) : state.status === 'loading' ? t.searching : '';
  return (
    <section aria-labelledby={`${id}-title`} className="card" data-testid="guide-search" onKeyDown={onKeyDown}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t.label}
      </h2>
      <form
        role="search"
        aria-labelledby={`${id}-title`}
        className="mt-3 flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          links()[0]?.focus();
        }}
      >
        <label htmlFor={`${id}-q`} className="sr-only">
          {t.placeholder}
        </label>
        <input
          ref={field}
          id={`${id}-q`}
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={t.placeholder}
          maxLength={SEARCH.maxLength}
          autoComplete="off"
          aria-describedby={`${id}-hint`}
          aria-controls={`${id}-results`}
          className="min-h-11 w-full min-w-0 rounded-xl border border-stone-300 px-3"
        />
        <button type="submit" className="btn-secondary shrink-0" aria-label={t.submit}>
          <Search className="size-5" aria-hidden="true" />
        </button>
      </form>
      <p id={`${id}-hint`} className="mt-1.5 text-sm text-muted">
        {query.length > 0 && query.length < SEARCH.minLength ? validation.searchTooShort : keyboard ? t.keyboardHint : ''}
      </p>
      <p role="status" className="mt-2 text-sm font-semibold">
        {announced}
      </p>
      {state.status === 'failed' && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {state.message}
        </p>
      )}
      <ol ref={list} id={`${id}-results`} className="mt-2 space-y-1" hidden={state.status !== 'done' || !state.results.length}>
        {state.status === 'done' && state.results.map((r) => <Result key={`${r.moduleId}/${r.lessonId}`} result={r} />)}
      </ol>
    </section>
  );
}

function Result({ result: r }: { result: SearchResult }) {
  const href = inPreview(r.lessonId ? lessonPath(r.moduleId, r.lessonId) : modulePath(r.moduleId));
  return (
    <li>
      <a href={href} data-testid="search-result" className="block rounded-xl p-3 hover:bg-stone-50 focus-visible:bg-stone-50">
        <span className="flex items-center gap-2 font-semibold text-brand-800 underline-offset-2 hover:underline">
          {r.title}
          {r.locked && (
            <span className="inline-flex items-center gap-1 rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-800">
              <Lock className="size-3" aria-hidden="true" />
              {t.locked}
            </span>
          )}
        </span>
        <span className="mt-0.5 block text-xs font-medium text-stone-700">{r.lessonId ? r.moduleTitle : t.module}</span>
        {r.snippet && <span className="mt-1 block text-sm text-muted">{r.snippet}</span>}
      </a>
    </li>
  );
}
