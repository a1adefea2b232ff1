import { eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SQLiteColumn, SQLiteInsertValue, SQLiteTable, SQLiteUpdateSetSource } from 'drizzle-orm/sqlite-core';
import { refusedConstraint } from '#db/errors';
import type { ServiceCtx } from '#worker/context';
import { AppError } from '#worker/errors';
import { auditExistingStatement, changeDetails, type AuditedField } from '#worker/audit';

type Table = SQLiteTable & { id: SQLiteColumn };
/** Who writes, and to which row. */
export type RowWrite = { actorId: string; id: string };
type ColumnName<T extends Table> = keyof T['_']['columns'] & string;

/*
 * The admin's writes to one row — a lesson, a module, a campaign, a user — all take the same
 * shape, one batch with the audit row. A create writes the row, then its audit row (whose details
 * read the row as inserted). An update or delete writes the audit row first (its details read the
 * values before), whatever the write must also change, then the write itself; an id that names
 * no row writes nothing, logs nothing and answers the table's 404.
 */
export function auditedRows<T extends Table, P extends ColumnName<T>, S extends ColumnName<T>>(spec: {
  table: T;
  /** `targetType` of the audit rows, and the first half of their actions (`lesson.update`). */
  targetType: string;
  /** Fields logged only as changed or not: texts, personal data. */
  personal: P[];
  /** Fields logged with their values before and after: flags, levels, numbers. */
  settings: S[];
  /** The column a write stamps with its time. */
  stamp: ColumnName<T>;
  notFound: () => Error;
}) {
  const { table, targetType, notFound } = spec;
  const columns = getTableColumns(table) as Record<string, SQLiteColumn>;
  const field = (personal: boolean) => (name: string) => [name, { column: columns[name]!, personal }] as const;
  type Fields = Record<P | S, AuditedField>;
  const fields = Object.fromEntries([...spec.personal.map(field(true)), ...spec.settings.map(field(false))]) as Fields;
  type Row = T['$inferSelect'];
  type Write = RowWrite & { alsoRun?: BatchItem<'sqlite'>[] };

  /** The audit row of `<targetType>.<verb>` on row `id`, written only if the row exists; `details` may read its columns. */
  const audit = (ctx: ServiceCtx, actorId: string, verb: string, id: string, details?: SQL) =>
    auditExistingStatement(
      ctx,
      { actorId, action: `${targetType}.${verb}`, targetType, targetId: id },
      { table, idColumn: table.id, details },
    );

  return {
    fields,
    audit,

    /**
     * Inserts row `id` and its audit row, whose `details` read the row as inserted; `alsoRun`
     * comes after both. An id chosen by the admin may be taken: a 409 saying `idTaken`. A value
     * the insert reads from another row (`SELECT … WHERE id = …`) may find none: `missing`.
     */
    async create(
      ctx: ServiceCtx,
      {
        actorId,
        id,
        values,
        details,
        alsoRun = [],
        idTaken,
        missing,
      }: Write & { values: Omit<SQLiteInsertValue<T>, 'id'>; details: SQL; idTaken?: string; missing?: () => Error },
    ) {
      const { db } = ctx;
      try {
        const [inserted] = await db.batch([
          db
            .insert(table)
            .values({ ...values, id, [spec.stamp]: new Date(ctx.now()) } as SQLiteInsertValue<T>)
            .returning(),
          audit(ctx, actorId, 'create', id, details),
          ...alsoRun,
        ]);
        return (inserted as Row[])[0]!;
      } catch (err) {
        const refused = refusedConstraint(err);
        if (refused === 'unique' && idTaken) throw new AppError('conflict', 409, idTaken);
        if (refused === 'not-null' && missing) throw missing();
        throw err;
      }
    },

    /**
     * Sets `set` on row `id`. The audit row records the changed fields (`changeDetails`), or what
     * `details` makes of that record.
     */
    async update(
      ctx: ServiceCtx,
      {
        actorId,
        id,
        set,
        details = (changes) => changes,
        alsoRun = [],
      }: Write & {
        set: SQLiteUpdateSetSource<T>;
        details?: (changes: SQL) => SQL;
      },
    ) {
      const { db } = ctx;
      const results = await db.batch([
        audit(ctx, actorId, 'update', id, details(changeDetails(fields, set))),
        ...alsoRun,
        db
          .update(table)
          .set({ ...set, [spec.stamp]: new Date(ctx.now()) })
          .where(eq(table.id, id))
          .returning(),
      ]);
      const [row] = results.at(-1) as Row[];
      if (!row) throw notFound();
      return row;
    },

    /** Deletes row `id` after `alsoRun` (its dependants); the audit row keeps `details`. */
    async delete(ctx: ServiceCtx, { actorId, id, details, alsoRun = [] }: Write & { details: SQL }) {
      const { db } = ctx;
      const results = await db.batch([
        audit(ctx, actorId, 'delete', id, details),
        ...alsoRun,
        db.delete(table).where(eq(table.id, id)).returning({ id: table.id }),
      ]);
      if ((results.at(-1) as unknown[]).length === 0) throw notFound();
    },
  };
}
