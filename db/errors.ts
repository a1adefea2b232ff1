/** The error and every cause it wraps (Drizzle wraps the driver's), outermost first. */
function* causes(err: unknown): Generator<Error> {
  for (let e: unknown = err; e instanceof Error; e = e.cause) yield e;
}

/** Whether a database error (possibly wrapped by Drizzle) is a UNIQUE violation on `column` (`table.column`). */
export function isUniqueViolation(err: unknown, column: string): boolean {
  return causes(err).some((e) => e.message.includes(`UNIQUE constraint failed: ${column}`));
}

/** Which constraint SQLite refused `err` (or what it wraps) with: a duplicate key, a missing required value, or none. */
export function refusedConstraint(err: unknown): 'unique' | 'not-null' | null {
  for (const e of causes(err)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== 'string' || !code.startsWith('SQLITE_CONSTRAINT')) continue;
    if (/UNIQUE constraint|PRIMARYKEY|_UNIQUE$/.test(`${e.message} ${code}`)) return 'unique';
    if (/NOT NULL constraint|_NOTNULL$/.test(`${e.message} ${code}`)) return 'not-null';
  }
  return null;
}

/**
 * Whether the database refused `err` (or what it wraps) because someone else holds its lock:
 * SQLITE_BUSY from a file or from sqld/Turso (which may send only the message), including a
 * commit refused because a statement that hit the lock is still open.
 */
export function isBusy(err: unknown): boolean {
  return causes(err).some((e) => {
    const code = (e as { code?: unknown }).code;
    return (typeof code === 'string' && /^SQLITE_BUSY/.test(code)) || /SQLITE_BUSY|database is locked/.test(e.message);
  });
}
