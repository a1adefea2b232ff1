import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { FieldErrors } from '#browser/forms';
import { IconButton } from './IconButton';

/** What a text field of one row needs: its value, its change handler and its error (from `errors` at `{path}.{row}.{key}`). */
export type BoundField = { value: string; onChange: (value: string) => void; error?: string };

/**
 * An editable list of small records whose fields are text (a lesson's resources, a campaign's
 * features): each row is a fieldset named by `itemLegend`, with its fields from `renderItem`
 * (`field(key)` binds one to the row) and a remove button; a button adds a `blank` row at the end.
 */
export function ListEditor<T extends Record<string, string | undefined>>({
  legend,
  items,
  onChange,
  blank,
  itemLegend,
  removeLabel,
  addLabel,
  emptyText,
  path,
  errors,
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
  /** The list's path in the form's errors, e.g. 'features'. */
  path: string;
  errors: FieldErrors | null;
  renderItem: (field: (key: keyof T & string) => BoundField) => ReactNode;
}) {
  const bind =
    (i: number) =>
    (key: keyof T & string): BoundField => ({
      value: items[i]![key] ?? '',
      onChange: (value) => onChange(items.map((item, j) => (j === i ? { ...item, [key]: value } : item))),
      error: errors?.[`${path}.${i}.${key}`],
    });
  const error = errors?.[path];
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      {items.length === 0 && <p className="mb-3 text-sm text-muted">{emptyText}</p>}
      <ul className="space-y-3">
        {items.map((_, i) => (
          <li key={i}>
            <fieldset className="flex items-start gap-2 rounded-xl border border-stone-200 p-3">
              <legend className="sr-only">{itemLegend(i + 1)}</legend>
              <div className="min-w-0 flex-1">{renderItem(bind(i))}</div>
              <div className="pt-7">
                <IconButton
                  label={removeLabel(i + 1)}
                  icon={Trash2}
                  onClick={() => onChange(items.filter((_, j) => j !== i))}
                  danger
                />
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
