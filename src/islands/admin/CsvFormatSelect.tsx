import { adminExports } from '#shared/copy/admin/exports';
import { CSV_FORMATS, type CsvFormat } from '#shared/csv';
import { SelectField } from '../ui/SelectField';

/** The dialect of an admin CSV download: Norwegian Excel's (the default) or RFC 4180 (#shared/csv). */
export function CsvFormatSelect({ value, onChange }: { value: CsvFormat; onChange: (format: CsvFormat) => void }) {
  return (
    <SelectField
      label={adminExports.formatLabel}
      value={value}
      options={CSV_FORMATS}
      optionLabel={(format) => adminExports.formats[format]}
      onChange={onChange}
    />
  );
}
