import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { IconButton } from './IconButton';

/**
 * An editable list of small records (a lesson's resources, a campaign's features): each row is
 * a fieldset named by `itemLegend`, with its fields from `renderItem` and a remove button; a
 * button adds a `blank` row at the end.
 */
export function ListEditor<T extends object>({
  legend,
  items,
  onChange,
  blank,
  itemLegend,
  removeLabel,
  addLabel,
  emptyText,
  error,
  renderItem,
}: {
  legend: string;
  items: T[];
  onChange: (next: T[]) => void;
  blank: () => T;
  itemLegend: (n: number) => string;
  removeLabel: (n: number) => string;
  addLabel: string;
  emptyText: string;
  error?: string;
  renderItem: (item: T, update: (change: Partial<T>) => void, index: number) => ReactNode;
}) {
  const update = (i: number) => (change: Partial<T>) => onChange(items.map((item, j) => (j === i ? { ...item, ...change } : item)));
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      {items.length === 0 && <p className="mb-3 text-sm text-muted">{emptyText}</p>}
      <ul className="space-y-3">
        {items.map((item, i) => (
          <li key={i}>
            <fieldset className="flex items-start gap-2 rounded-xl border border-stone-200 p-3">
              <legend className="sr-only">{itemLegend(i + 1)}</legend>
              <div className="min-w-0 flex-1">{renderItem(item, update(i), i)}</div>
              <div className="pt-7">
                <IconButton label={removeLabel(i + 1)} icon={Trash2} onClick={() => onChange(items.filter((_, j) => j !== i))} danger />
              </div>
            </fieldset>
          </li>
        ))}
      </ul>
      {error && <p className="mt-2 text-sm font-medium text-red-700">{error}</p>}
      <button type="button" className="btn-secondary mt-3" onClick={() => onChange([...items, blank()])}>
        <Plus aria-hidden="true" className="size-4" />
        {addLabel}
      </button>
    </fieldset>
  );
}
