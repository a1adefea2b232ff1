/** Whether a database error (possibly wrapped by Drizzle) is a UNIQUE violation on `column` (`table.column`). */
export function isUniqueViolation(err: unknown, column: string): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if (e.message.includes(`UNIQUE constraint failed: ${column}`)) return true;
  }
  return false;
}
