/** Contracts of the admin's accounting export (/api/admin/accounting/export). */
import { adminAccounting } from '#shared/copy/admin/accounting';
import { z } from '#shared/zod';
import { csvFormatParam } from './csv-format';

const v = adminAccounting.validation;

/** At most five years in one file (the accounts are kept per year; five covers any look back). */
export const ACCOUNTING_EXPORT_MAX_MONTHS = 60;

const month = z.string({ error: v.monthInvalid }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: v.monthInvalid });
const monthIndex = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;

/** GET /api/admin/accounting/export?from=YYYY-MM&to=YYYY-MM[&format=rfc4180]: every receipt and credit note issued in those months (Oslo time), both included. */
export const accountingExportQuerySchema = z
  .object({ from: month, to: month, format: csvFormatParam })
  .refine((q) => q.from <= q.to, { error: v.rangeReversed, path: ['to'] })
  .refine((q) => monthIndex(q.to) - monthIndex(q.from) < ACCOUNTING_EXPORT_MAX_MONTHS, { error: v.rangeTooLong, path: ['to'] });
export type AccountingExportQuery = z.output<typeof accountingExportQuerySchema>;
