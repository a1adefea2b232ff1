import { ChevronLeft, ChevronRight } from 'lucide-react';
import { nb } from '#shared/copy/nb';

const t = nb.adminUsers;

/** 'Forrige' / 'Side n av m' / 'Neste' under an admin list; nothing when everything fits on one page. */
export function Pagination({
  list,
  onPage,
}: {
  list: { page: number; pageSize: number; total: number };
  onPage: (page: number) => void;
}) {
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
