/** Contracts of the member import (/api/admin/imports): the preview, the run, the progress. */
import type { IMPORT_FORMATS, IMPORT_SKIP_REASONS, IMPORT_STATUSES } from '#db/schema/enums';
import { z } from '#shared/zod';

/** The largest file an import takes, and the most rows: what one upload request can parse and store. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 50_000;
/** How many skipped rows the preview lists (the counts are for all). */
export const SKIPPED_PAGE = 50;

export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export type ImportSkipReason = (typeof IMPORT_SKIP_REASONS)[number];

/** A skipped row: its number under the header, what its address cell said, why (code and Norwegian). */
export type SkippedRow = { row: number; email: string; reason: ImportSkipReason; message: string };

export type MemberImport = {
  id: string;
  format: ImportFormat;
  status: ImportStatus;
  sendWelcome: boolean;
  /** Rows in the file, and how many of them the job has applied. */
  total: number;
  done: number;
  preview: { new: number; updated: number; skipped: number };
  /** The first SKIPPED_PAGE skipped rows, in file order. */
  skippedRows: SkippedRow[];
};

/** POST /api/admin/imports → 201, GET /api/admin/imports/{id}, POST …/run → 202. */
export type MemberImportResponse = { import: MemberImport };

/** POST /api/admin/imports/{id}/run: whether new and updated members get the welcome mail (default: nobody is mailed). */
export const runImportSchema = z.object({ sendWelcome: z.boolean().default(false) });
export type RunImport = z.input<typeof runImportSchema>;
