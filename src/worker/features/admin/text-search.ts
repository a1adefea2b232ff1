import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';

/**
 * The admin's substring search of users and leads (docs/decisions/0045-speed.md): an FTS5
 * index with the trigram tokenizer (`users_search`, `leads_search`, kept by triggers in
 * migration `search_index`), so a search reads the rows that hold the text instead of
 * scanning every row with LIKE '%…%' — which held the event loop for half a second at 100 000
 * users. Case-insensitive, as LIKE was for ASCII. Terms are three characters or more
 * (`searchTermSchema`): a trigram index finds nothing shorter.
 */

/** The term as one FTS5 phrase: every character taken literally, `"` doubled. */
const phrase = (term: string) => `"${term.replaceAll('"', '""')}"`;

/** The WHERE for rows of `table` whose indexed text contains `term` (trimmed, three characters or more). */
export function textSearch(table: SQLiteTable, index: string, term: string): SQL {
  return sql`${table}.rowid IN (SELECT rowid FROM ${sql.identifier(index)} WHERE ${sql.identifier(index)} MATCH ${phrase(term)})`;
}
