import { Download, Table } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { adminInsights } from '#shared/copy/admin/insights';
import { CSV_DIALECTS, csvDecimal, csvFile, type CsvFormat } from '#shared/csv';
import { saveFile } from '#browser/download';

const t = adminInsights;

/** A column of a chart's table and CSV: its heading, its value in a row (null: none), and how the table shows a number. */
export type Column<T> = {
  label: string;
  value: (row: T) => string | number | null;
  format?: (n: number) => string;
  /** Decimals a number keeps in the CSV. */
  decimals?: number;
};

/**
 * One of Innsikt's charts in its card: the heading and what it shows, the drawing, and behind it
 * the same numbers as a table — read by screen readers always, shown to everyone by "Vis tabell" —
 * and as a CSV file in the dialect chosen above the charts, made in the browser from the table.
 */
export function ChartCard<T>({
  title,
  description,
  controls,
  rows,
  columns,
  fileName,
  format,
  children,
  testId,
}: {
  title: string;
  description: string;
  controls?: ReactNode;
  rows: readonly T[];
  columns: readonly Column<T>[];
  fileName: string;
  format: CsvFormat;
  children: ReactNode;
  testId: string;
}) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const download = () => {
    const dialect = CSV_DIALECTS[format];
    const cells = rows.map((row) =>
      columns.map((c) => {
        const v = c.value(row);
        return v === null ? '' : typeof v === 'number' ? csvDecimal(v, dialect, c.decimals ?? 0) : v;
      }),
    );
    saveFile(
      fileName,
      csvFile(
        dialect,
        columns.map((c) => c.label),
        cells,
      ),
      'text/csv;charset=utf-8',
    );
  };
  return (
    <section aria-labelledby={`${id}-title`} className="card mt-6" data-testid={testId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-lg font-bold">
            {title}
          </h2>
          <p className="mt-1 text-sm text-muted">{description}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-secondary"
            aria-expanded={shown}
            aria-controls={`${id}-table`}
            onClick={() => setShown((s) => !s)}
          >
            <Table aria-hidden="true" className="size-4" />
            {shown ? t.hideTable : t.showTable}
          </button>
          {/* Named with its chart, the visible words first (WCAG 2.5.3). */}
          <button type="button" className="btn-secondary" onClick={download} aria-label={`${t.download}: ${title}`}>
            <Download aria-hidden="true" className="size-4" />
            {t.download}
          </button>
        </div>
      </div>
      {controls}
      <div className="mt-4 overflow-x-auto" role="region" aria-label={t.scrollLabel(title)} tabIndex={0}>
        {children}
      </div>
      {/* Shown, a wide table scrolls sideways on a phone: a named region a keyboard can reach. */}
      <div
        id={`${id}-table`}
        className={shown ? 'mt-4 overflow-x-auto' : 'sr-only'}
        {...(shown ? { role: 'region', 'aria-label': t.scrollLabel(title), tabIndex: 0 } : {})}
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{title}</caption>
          <thead className="text-muted">
            <tr>
              {columns.map((c, i) => (
                <th key={c.label} scope="col" className={`py-2 pr-4 font-semibold ${i > 0 ? 'text-right' : ''}`}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {rows.map((row, r) => (
              <tr key={r}>
                {columns.map((c, i) => {
                  const v = c.value(row);
                  const text = v === null ? t.none : typeof v === 'number' && c.format ? c.format(v) : String(v);
                  return i === 0 ? (
                    <th key={c.label} scope="row" className="py-2 pr-4 font-medium">
                      {text}
                    </th>
                  ) : (
                    <td key={c.label} className="py-2 pr-4 text-right tabular-nums">
                      {text}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
