import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { adminUsers } from '#shared/copy/admin/users';

const t = adminUsers;
const SEARCH_DELAY_MS = 300;

/** The user list's search box; `onSearch` gets the trimmed term once typing pauses. */
export function UserSearch({ onSearch }: { onSearch: (q: string) => void }) {
  const [typed, setTyped] = useState('');
  const searchId = useId();

  useEffect(() => {
    const timer = setTimeout(() => onSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, onSearch]);

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
        />
      </div>
    </form>
  );
}
