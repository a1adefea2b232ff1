import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { adminAuditLog } from '#db/schema';
import type { ServiceCtx } from '#worker/context';

/*
 * The admin audit log: who (actor id) did what (action) to which row (target type + id), when,
 * with the values before and after. Every admin write adds its row in the same `db.batch()` as
 * the write itself, so the change and its record commit together and cost no extra round trip.
 *
 * What a row may hold: ids and the before/after of plain settings (flags, levels, numbers).
 * Personal data — names, e-mail addresses, phone numbers, free-text notes — is never copied in:
 * a change to such a field is recorded only as `{ changed: true }`. The log can therefore outlive
 * the user it names (erasing a user leaves only an opaque id behind) and never needs erasing itself.
 */

type AuditEntry = {
  /** The admin who acted. */
  actorId: string;
  /** `<target>.<verb>`, e.g. `user.update`, `module.delete`. */
  action: string;
  targetType: string;
  targetId: string;
};

/**
 * The audit row of a change to one existing row of `table`, as a statement for the change's
 * batch: written only if the row `idColumn = entry.targetId` exists (so an unknown id logs
 * nothing), and `details` — a SQL JSON expression — may read that row's columns. Put it in the
 * batch *before* the statement that changes or deletes the row, so those reads are the values before.
 */
export function auditExistingStatement(
  ctx: ServiceCtx,
  entry: AuditEntry,
  target: { table: SQLiteTable; idColumn: SQLiteColumn; details?: SQL },
) {
  const c = adminAuditLog;
  const cols = [c.actorId, c.action, c.targetType, c.targetId, c.details, c.createdAt].map((col) => sql.identifier(col.name));
  return ctx.db.run(sql`
    INSERT INTO ${adminAuditLog} (${sql.join(cols, sql`, `)})
    SELECT ${entry.actorId}, ${entry.action}, ${entry.targetType}, ${entry.targetId}, ${target.details ?? sql`NULL`}, ${ctx.now()}
    FROM ${target.table} WHERE ${target.idColumn} = ${entry.targetId}`);
}

/** How an audited field is stored: its column, and whether it holds personal data (logged only as changed or not). */
export type AuditedField = { column: SQLiteColumn; personal?: boolean };

/**
 * `{ "changes": { field: { "from": old, "to": new } } }` for the fields of `patch`, reading the
 * old values from the row; personal fields become `{ "changed": true|false }` instead.
 */
export function changeDetails(fields: Record<string, AuditedField>, patch: Record<string, unknown>): SQL {
  const entries = Object.entries(patch).flatMap(([name, value]) => {
    const field = fields[name];
    if (!field || value === undefined) return [];
    const { column } = field;
    const stored = column.mapToDriverValue(value);
    const change = field.personal
      ? sql`json_object('changed', json(CASE WHEN ${column} IS ${stored} THEN 'false' ELSE 'true' END))`
      : sql`json_object('from', ${jsonValue(column)}, 'to', json(${JSON.stringify(value instanceof Date ? value.getTime() : value)}))`;
    return [sql`${name}, ${change}`];
  });
  return sql`json_object('changes', json_object(${sql.join(entries, sql`, `)}))`;
}

/** `{ name: value }` of some of the row's columns (plain settings only, never personal data), e.g. what a deleted row was. */
export function snapshotDetails(columns: Record<string, SQLiteColumn>): SQL {
  const pairs = Object.entries(columns).map(([name, column]) => sql`${name}, ${jsonValue(column)}`);
  return sql`json_object(${sql.join(pairs, sql`, `)})`;
}

/** A column's value as JSON: booleans as true/false rather than SQLite's 1/0. */
export const jsonValue = (column: SQLiteColumn): SQL =>
  column.columnType === 'SQLiteBoolean' ? sql`json(CASE WHEN ${column} THEN 'true' ELSE 'false' END)` : sql`${column}`;
