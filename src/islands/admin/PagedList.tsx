import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { adminUsers } from '#shared/copy/admin/users';

const t = adminUsers;

type Page = { page: number; pageSize: number; total: number };

/**
 * A page of an admin list: how many there are (announced as it changes), the items or a line
 * saying there are none, and 'Forrige' / 'Side n av m' / 'Neste' when there is more than a page.
 */
export function PagedList<T>({
  list,
  items,
  count,
  empty,
  onPage,
  children,
}: {
  list: Page;
  items: T[];
  count: string;
  empty: string;
  onPage: (page: number) => void;
  /** One item, as the `li` it is shown in (with its key). */
  children: (item: T) => ReactNode;
}) {
  return (
    <>
      <p className="mb-3 text-sm text-muted" role="status">
        {count}
      </p>
      {items.length === 0 ? <p className="card text-muted">{empty}</p> : <ul className="space-y-3">{items.map(children)}</ul>}
      <Pagination list={list} onPage={onPage} />
    </>
  );
}

function Pagination({ list, onPage }: { list: Page; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t.pagination} className="mt-4 flex items-center justify-between gap-3">
      <button type="button" className="btn-secondary" disabled={list.page <= 1} onClick={() => onPage(list.page - 1)}>
        <ChevronLeft aria-hidden="true" className="size-4" />
        {t.previous}
      </button>
      <p className="text-sm text-muted">{t.pageOf(list.page, pages)}</p>
      <button type="button" className="btn-secondary" disabled={list.page >= pages} onClick={() => onPage(list.page + 1)}>
        {t.next}
        <ChevronRight aria-hidden="true" className="size-4" />
      </button>
    </nav>
  );
}
