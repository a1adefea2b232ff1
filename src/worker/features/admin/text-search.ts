import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';

/**
 * The admin's substring search of users and leads (docs/decisions/0045-speed.md): an FTS5
 * index with the trigram tokenizer (`users_search`, `leads_search`, kept by triggers in
 * migration `search_index`), so a search reads the rows that hold the text instead of
 * scanning every row with LIKE '%…%' — which held the event loop for half a second at 100 000
 * users. Case-insensitive, as LIKE was for ASCII.
 *
 * A trigram index cannot find fewer than three characters. A shorter term searches the
 * address's *start* on its unique index instead (`ka` finds kari@…): still fast, and what an
 * admin typing the first letters of an address expects; names need three characters.
 */
const TRIGRAM = 3;

/** The highest code point: every text that starts with a prefix sorts below the prefix followed by it. */
const AFTER_PREFIX = '\u{10FFFF}';

/** The term as one FTS5 phrase: every character taken literally, `"` doubled. */
const phrase = (term: string) => `"${term.replaceAll('"', '""')}"`;

/**
 * The WHERE for rows of `table` whose indexed text contains `term` (trimmed, not empty), or,
 * for one or two characters, whose `email` (stored lower-case) starts with it.
 */
export function textSearch(table: SQLiteTable, index: string, email: SQLiteColumn, term: string): SQL {
  if ([...term].length < TRIGRAM) {
    const prefix = term.toLowerCase();
    return sql`(${email} >= ${prefix} AND ${email} < ${prefix + AFTER_PREFIX})`;
  }
  return sql`${table}.rowid IN (SELECT rowid FROM ${sql.identifier(index)} WHERE ${sql.identifier(index)} MATCH ${phrase(term)})`;
}
