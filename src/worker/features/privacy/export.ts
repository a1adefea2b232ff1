import { and, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { getTableConfig, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { tables } from '#db';
import {
  adminAuditLog,
  consentEvents,
  emailChanges,
  mailOutbox,
  mailQueue,
  memberImportChunks,
  rateLimits,
  users,
} from '#db/schema';
import type { UserExport } from '#shared/schemas/account';
import type { ServiceCtx } from '#worker/context';
import { addressPseudonym } from './pseudonyms';

/** Every table of the data model but the rate-limit counters, which name an address only by its pseudonym (read apart). */
const WALKED = tables.filter((table) => table !== rateLimits);

/** Columns never exported: secrets (token and code hashes) and mail bodies, which carry live sign-in links. */
/** The tables of mail, queued or (in development) delivered: addressed by `to`, bodies with live links. */
const MAIL_TABLES: readonly (typeof mailOutbox | typeof mailQueue)[] = [mailOutbox, mailQueue];
const mailTable = (table: SQLiteTable) => MAIL_TABLES.find((m) => m === table);

const omitted = (table: SQLiteTable, column: SQLiteColumn) => {
  const mail = mailTable(table);
  return column.name.endsWith('_hash') || (mail !== undefined && (column === mail.text || column === mail.html));
};

/** Columns that hold a person's e-mail address, so rows stored before (or without) an account are theirs too. */
const emailColumns = (table: SQLiteTable) =>
  Object.values(getTableColumns(table)).filter((c) => c.name === 'email' || c === mailTable(table)?.to);

/** Whether a JSON column's text names the user, by id or address (as erasure matches it). */
export const namesUser = (column: SQLiteColumn, userId: string | SQL, email: SQL) =>
  sql`(instr(lower(${column}), lower(${email})) > 0 OR instr(${column}, ${userId}) > 0)`;

/** The addresses a user has asked to change to (mail to them goes with the account), as a subquery. */
export const pendingAddresses = (userId: string) =>
  sql`(SELECT ${emailChanges.newEmail} FROM ${emailChanges} WHERE ${emailChanges.userId} = ${userId})`;

/** Addresses the account had before it changed, as a subquery: their consent events carry the user's id. */
export const formerAddresses = (userId: string) =>
  sql`(SELECT ${consentEvents.email} FROM ${consentEvents} WHERE ${consentEvents.userId} = ${userId})`;

/**
 * Rows that name the user neither by foreign key nor by their current e-mail column. Audit
 * entries name a user only in the entries about them (their details may quote the address);
 * looking for the user in every entry's text would read the whole log.
 */
const OTHER_LINKS = new Map<SQLiteTable, (userId: string, email: SQL) => SQL | undefined>([
  [adminAuditLog, (userId) => and(eq(adminAuditLog.targetType, 'user'), eq(adminAuditLog.targetId, userId))],
  [consentEvents, (userId) => inArray(consentEvents.email, formerAddresses(userId))],
  ...MAIL_TABLES.map((mail) => [mail, (userId: string) => inArray(mail.to, pendingAddresses(userId))] as const),
]);

/** Rate-limit counters keyed by an address end in `:<its pseudonym>`; an index on that ending finds them. */
export const countersOfAddress = (pseudonym: string) => sql`substr(${rateLimits.key}, -65) = ${`:${pseudonym}`}`;

/**
 * The condition selecting a table's rows that belong to the user, found by walking the schema:
 * a foreign key to users, an e-mail column, or a foreign key to rows that are theirs in turn
 * (an event of their lead). Undefined when the table holds nothing of a user.
 */
function ownedBy(table: SQLiteTable, userId: string, email: SQL, seen: Set<SQLiteTable> = new Set()): SQL | undefined {
  if (table === users) return eq(users.id, userId);
  const conditions: (SQL | undefined)[] = emailColumns(table).map((c) => eq(c, email));
  conditions.push(OTHER_LINKS.get(table)?.(userId, email));
  for (const fk of getTableConfig(table).foreignKeys) {
    const { columns, foreignTable, foreignColumns } = fk.reference();
    if (columns.length !== 1 || seen.has(foreignTable)) continue;
    if (foreignTable === users) {
      conditions.push(eq(columns[0]!, userId));
      continue;
    }
    const parent = ownedBy(foreignTable, userId, email, new Set([...seen, table]));
    if (parent) conditions.push(inArray(columns[0]!, sql`(SELECT ${foreignColumns[0]!} FROM ${foreignTable} WHERE ${parent})`));
  }
  return or(...conditions.filter((c): c is SQL => c !== undefined));
}

type Statements = [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]];

/**
 * A member import's rows still waiting for its preview name many people per chunk: only the
 * user's own rows of each chunk naming them (docs/decisions/0052-member-import.md).
 */
const pendingImportRows = (ctx: ServiceCtx, email: SQL) => {
  const { importId, chunkNo, rows } = memberImportChunks;
  return ctx.db
    .select({
      importId,
      chunkNo,
      rows: sql<string>`(SELECT json_group_array(json(j.value)) FROM json_each(${rows}) j WHERE json_extract(j.value, '$[1]') = ${email})`,
    })
    .from(memberImportChunks)
    .where(sql`instr(${rows}, json_quote(${email})) > 0`);
};

/**
 * Everything stored about a user, table by table (GDPR access and portability): the one export
 * both the admin's "export data" and the user's own "Last ned mine data" give. Returned as the
 * statements for the caller's batch (after any of its own, so the whole export stays one round
 * trip) and `collect`, which turns their results into the export. New tables are included by
 * the schema walk; privacy/erasure.test.ts checks that nothing naming the user is left out.
 */
export async function userExportQueries(ctx: ServiceCtx<'config'>, user: { id: string; email: string }) {
  const { db } = ctx;
  const userId = user.id;
  const email = sql`${user.email.toLowerCase()}`;
  const parts = WALKED.flatMap((table): { name: string; query: BatchItem<'sqlite'> }[] => {
    if (table === memberImportChunks) return [{ name: getTableConfig(table).name, query: pendingImportRows(ctx, email) }];
    const where = ownedBy(table, userId, email);
    if (!where) return [];
    const columns = Object.fromEntries(Object.entries(getTableColumns(table)).filter(([, c]) => !omitted(table, c)));
    return [{ name: getTableConfig(table).name, query: db.select(columns).from(table).where(where) }];
  });
  const counters = db
    .select()
    .from(rateLimits)
    .where(countersOfAddress(await addressPseudonym(ctx.config, user.email)));
  const statements: Statements = [counters, ...parts.map((p) => p.query)];

  return {
    statements,
    /** The export from the results of `statements`, in their order. */
    collect([counterRows, ...results]: unknown[]): UserExport {
      const tables: UserExport['tables'] = Object.fromEntries(
        parts.map((p, i) => [p.name, results[i] as Record<string, unknown>[]]),
      );
      tables[getTableConfig(rateLimits).name] = counterRows as (typeof rateLimits.$inferSelect)[];
      return { exportedAt: new Date(ctx.now()).toISOString(), userId, tables };
    },
  };
}
