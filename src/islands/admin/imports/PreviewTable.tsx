import { adminImports } from '#shared/copy/admin/imports';
import type { MemberImport } from '#shared/schemas/admin/imports';
import { formatNumber } from '#browser/format';

const t = adminImports;
const OUTCOMES = ['new', 'updated', 'skipped'] as const;

/** What the file will do: its format, the count per outcome, and the skipped rows with their reasons. */
export function PreviewTable({ current }: { current: MemberImport }) {
  const { preview, skippedRows } = current;
  return (
    <div className="card space-y-4 p-4 sm:p-6" data-testid="import-preview">
      <div>
        <h2 className="text-lg font-bold">{t.previewTitle}</h2>
        <p className="text-sm text-muted">{t.formatFound(t.formats[current.format], current.total)}</p>
      </div>
      <dl className="grid grid-cols-3 gap-3">
        {OUTCOMES.map((outcome) => (
          <div key={outcome} className="rounded-xl bg-stone-100 p-3">
            <dt className="text-sm text-muted">{t.outcomes[outcome]}</dt>
            <dd className="text-2xl font-bold tabular-nums" data-testid={`import-${outcome}`}>
              {formatNumber(preview[outcome])}
            </dd>
          </div>
        ))}
      </dl>
      <div>
        <h3 className="font-semibold">{t.skippedTitle}</h3>
        {skippedRows.length === 0 ? (
          // While the job is still checking, no skipped row yet says nothing about the rest.
          current.status !== 'previewing' && <p className="text-sm text-muted">{t.noSkipped}</p>
        ) : (
          <>
            {preview.skipped > skippedRows.length && (
              <p className="text-sm text-muted">{t.skippedMore(skippedRows.length, preview.skipped)}</p>
            )}
            <div className="mt-2 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="text-muted">
                  <tr>
                    <th scope="col" className="py-2 pr-3 font-semibold">
                      {t.columns.row}
                    </th>
                    <th scope="col" className="py-2 pr-3 font-semibold">
                      {t.columns.email}
                    </th>
                    <th scope="col" className="py-2 font-semibold">
                      {t.columns.reason}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {skippedRows.map((r) => (
                    <tr key={r.row} className="border-t border-stone-200">
                      <td className="py-2 pr-3 tabular-nums">{r.row}</td>
                      <td className="py-2 pr-3 break-all">{r.email}</td>
                      <td className="py-2">{r.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
