import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { adminUsers } from '#shared/copy/admin/users';
import { searchable } from '#shared/schemas/admin/search-term';

const t = adminUsers;
const SEARCH_DELAY_MS = 300;

/**
 * The user list's search box; `onSearch` gets the trimmed term once typing pauses and the term
 * can be searched (empty, or three characters: a hint says so meanwhile).
 */
export function UserSearch({ onSearch }: { onSearch: (q: string) => void }) {
  const [typed, setTyped] = useState('');
  const searchId = useId();
  const hintId = useId();
  const term = typed.trim();
  const tooShort = !searchable(term);

  useEffect(() => {
    if (tooShort) return;
    const timer = setTimeout(() => onSearch(term), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [term, tooShort, onSearch]);

  return (
    <form role="search" className="mb-4 max-w-xl" onSubmit={(e) => e.preventDefault()}>
      <label htmlFor={searchId} className="mb-1.5 block text-sm font-semibold">
        {t.searchLabel}
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-muted" />
        <input
          id={searchId}
          type="search"
          className="input pl-11"
          placeholder={t.searchPlaceholder}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          aria-describedby={tooShort ? hintId : undefined}
        />
      </div>
      {tooShort && (
        <p id={hintId} className="mt-1.5 text-sm text-muted">
          {t.searchHint}
        </p>
      )}
    </form>
  );
}
