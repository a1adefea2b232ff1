import { and, eq, getTableColumns, inArray, is, or, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, SQLiteTable, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { schema } from '#db';
import { adminAuditLog, mailOutbox, rateLimits, users } from '#db/schema';
import type { UserExport } from '#shared/schemas/admin';
import type { ServiceCtx } from '#worker/context';
import { auditExistingStatement } from '../audit';
import { userNotFound } from './admin-user';

/** Every table of the data model. */
const ALL_TABLES: readonly SQLiteTable[] = Object.values(schema as Record<string, unknown>).filter((v): v is SQLiteTable =>
  is(v, SQLiteTable),
);

/** Columns never exported: secrets (token and code hashes) and mail bodies, which carry live sign-in links. */
const omitted = (table: SQLiteTable, column: SQLiteColumn) =>
  column.name.endsWith('_hash') || (table === mailOutbox && (column === mailOutbox.text || column === mailOutbox.html));

/** Columns that hold a person's e-mail address, so rows stored before (or without) an account are theirs too. */
const emailColumns = (table: SQLiteTable) =>
  Object.values(getTableColumns(table)).filter((c) => c.name === 'email' || (table === mailOutbox && c === mailOutbox.to));

/** Rows that name the user neither by foreign key nor by e-mail column. */
const OTHER_LINKS = new Map<SQLiteTable, (userId: string, email: SQL) => SQL | undefined>([
  [adminAuditLog, (userId) => and(eq(adminAuditLog.targetType, 'user'), eq(adminAuditLog.targetId, userId))],
  [rateLimits, (_userId, email) => sql`instr(${rateLimits.key}, ${email}) > 0`],
]);

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

/**
 * Everything stored about a user, table by table (GDPR access and portability), and an audit
 * row saying who exported it — one round trip. New tables are included by the schema walk.
 */
export async function exportUser(ctx: ServiceCtx, { actorId, userId }: { actorId: string; userId: string }): Promise<UserExport> {
  const { db } = ctx;
  const email = sql`(SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${userId})`;
  const parts = ALL_TABLES.flatMap((table) => {
    const where = ownedBy(table, userId, email);
    if (!where) return [];
    const columns = Object.fromEntries(Object.entries(getTableColumns(table)).filter(([, c]) => !omitted(table, c)));
    return [{ name: getTableConfig(table).name, query: db.select(columns).from(table).where(where) }];
  });
  const [audit, ...results] = await db.batch([
    auditExistingStatement(ctx, { actorId, action: 'user.export', targetType: 'user', targetId: userId }, { table: users, idColumn: users.id }),
    ...parts.map((p) => p.query),
  ]);
  if (audit.rowsAffected === 0) throw userNotFound();
  return {
    exportedAt: new Date(ctx.now()).toISOString(),
    userId,
    tables: Object.fromEntries(parts.map((p, i) => [p.name, results[i] as Record<string, unknown>[]])),
  };
}
