/** The `format` parameter of every admin CSV download: the dialect, Norwegian Excel's unless asked otherwise (#shared/csv). */
import { adminExports } from '#shared/copy/admin/exports';
import { CSV_FORMATS } from '#shared/csv';
import { z } from '#shared/zod';

export const csvFormatParam = z.enum(CSV_FORMATS, { error: adminExports.formatInvalid }).default('excel');
