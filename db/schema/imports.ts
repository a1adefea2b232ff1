import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bool, createdAt } from './columns';
import { IMPORT_FORMATS, IMPORT_OUTCOMES, IMPORT_SKIP_REASONS, IMPORT_STATUSES } from './enums';

/**
 * A member import (docs/decisions/0052-member-import.md): the uploaded file, parsed, previewed,
 * then applied by the import job in chunks. `done` is how many rows (in row order) are applied,
 * so a job stopped anywhere resumes at the next chunk. Who started it is in the audit log (no
 * column names the admin: a person's data export would otherwise walk into every row imported).
 */
export const memberImports = sqliteTable(
  'member_imports',
  {
    id: text('id').primaryKey(),
    format: text('format', { enum: IMPORT_FORMATS }).notNull(),
    /** SHA-256 of the file: the proof an imported consent points to (its `text_version`). */
    fileHash: text('file_hash').notNull(),
    status: text('status', { enum: IMPORT_STATUSES }).notNull().default('previewed'),
    sendWelcome: bool('send_welcome').notNull().default(false),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    /** What the preview found, counted once at upload. */
    newCount: integer('new_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    createdAt: createdAt(),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
  },
  // The job finds the imports still running.
  (t) => [index('member_imports_status_idx').on(t.status)],
);

/**
 * An uploaded file's rows waiting for the preview, read and checked at upload, a chunk per row:
 * a JSON array of `[row_no, email, name, consent_at, premium_until, plan, skip]` (skip: the
 * reason, or null for a row to preview). The import job classifies a chunk at a time into member_import_rows and deletes
 * it, so an import is `previewing` while it has any (docs/decisions/0052-member-import.md).
 * Erasure takes the person's row out of a chunk naming them.
 */
export const memberImportChunks = sqliteTable(
  'member_import_chunks',
  {
    importId: text('import_id')
      .notNull()
      .references(() => memberImports.id, { onDelete: 'cascade' }),
    /** 0 for the first PREVIEW_CHUNK rows, in file order. */
    chunkNo: integer('chunk_no').notNull(),
    rows: text('rows').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.chunkNo] })],
);

/**
 * The rows of an import's file as parsed at upload (only what the import uses), with the outcome
 * the preview found. Kept until the import's rows are erased with the person they name.
 */
export const memberImportRows = sqliteTable(
  'member_import_rows',
  {
    importId: text('import_id')
      .notNull()
      .references(() => memberImports.id, { onDelete: 'cascade' }),
    /** 1 for the first row under the header. */
    rowNo: integer('row_no').notNull(),
    /** Lower-cased; what the file said when it is not an address (shown with the reason). */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    /** When the member agreed to marketing mail on the other platform; NULL: no proven consent. */
    consentAt: integer('consent_at', { mode: 'timestamp_ms' }),
    /** Paid time left on the other platform: Premium until then, without a charge. */
    premiumUntil: integer('premium_until', { mode: 'timestamp_ms' }),
    plan: text('plan', { enum: ['monthly', 'yearly'] }),
    outcome: text('outcome', { enum: IMPORT_OUTCOMES }).notNull(),
    reason: text('reason', { enum: IMPORT_SKIP_REASONS }),
    /** Ids made at upload for a member or lead the row may create: applying the row twice makes one. */
    newUserId: text('new_user_id').notNull(),
    newLeadId: text('new_lead_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.rowNo] }),
    // Erasure and export find a person's rows by address.
    index('member_import_rows_email_idx').on(t.email),
    // The preview's first page of skipped rows.
    index('member_import_rows_outcome_idx').on(t.importId, t.outcome, t.rowNo),
  ],
);
