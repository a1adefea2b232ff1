import { useId, useState } from 'react';
import { Download } from 'lucide-react';
import { adminAccounting } from '#shared/copy/admin/accounting';
import type { CsvFormat } from '#shared/csv';
import { CsvFormatSelect } from '../CsvFormatSelect';

const t = adminAccounting;

/** This month as YYYY-MM, in the admin's own clock (the export reads the months in Oslo time). */
const thisMonth = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
};

/** The years to offer: from the first the product could have sold in to this one, newest first. */
const FIRST_YEAR = 2025;
const years = () =>
  Array.from({ length: new Date().getFullYear() - FIRST_YEAR + 1 }, (_, i) => String(new Date().getFullYear() - i));

/**
 * Regnskap: every receipt and credit note of a month or a year as CSV for the accountant
 * (GET /api/admin/accounting/export), downloaded by a plain link so the browser saves the file.
 */
export default function AccountingExport() {
  const id = useId();
  const [period, setPeriod] = useState<'month' | 'year'>('month');
  const [month, setMonth] = useState(thisMonth);
  const [year, setYear] = useState(() => years()[0]!);
  const [format, setFormat] = useState<CsvFormat>('excel');
  const range = period === 'month' ? { from: month, to: month } : { from: `${year}-01`, to: `${year}-12` };
  const ready = /^\d{4}-\d{2}$/.test(range.from);
  return (
    <section aria-labelledby={`${id}-title`} className="card mt-6" data-testid="accounting-export">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t.title}
      </h2>
      <p className="mt-1 text-sm text-muted">{t.intro}</p>
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <fieldset className="flex gap-4">
          <legend className="mb-1 text-sm font-semibold">{t.period}</legend>
          {(['month', 'year'] as const).map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={`${id}-period`}
                value={value}
                checked={period === value}
                onChange={() => setPeriod(value)}
                className="size-5 accent-orange-700"
              />
              {t[value]}
            </label>
          ))}
        </fieldset>
        {period === 'month' ? (
          <label className="flex flex-col gap-1 text-sm font-semibold">
            {t.chooseMonth}
            <input type="month" className="input" value={month} onChange={(e) => setMonth(e.target.value)} required />
          </label>
        ) : (
          <label className="flex flex-col gap-1 text-sm font-semibold">
            {t.chooseYear}
            <select className="input" value={year} onChange={(e) => setYear(e.target.value)}>
              {years().map((y) => (
                <option key={y}>{y}</option>
              ))}
            </select>
          </label>
        )}
        <div className="w-full sm:w-80">
          <CsvFormatSelect value={format} onChange={setFormat} />
        </div>
        <a
          href={ready ? `/api/admin/accounting/export?${new URLSearchParams({ ...range, format }).toString()}` : undefined}
          aria-disabled={!ready}
          download
          className="btn-secondary"
        >
          <Download aria-hidden="true" className="size-4" />
          {t.download}
        </a>
      </div>
    </section>
  );
}
