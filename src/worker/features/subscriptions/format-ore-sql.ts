import { sql, type SQL } from 'drizzle-orm';

/** The grouping space Intl's nb-NO puts between thousands (a no-break space). */
const GROUP = '\u00a0';

/**
 * `formatOre` in SQL, for a text the database fills in (a receipt mail written in the batch that
 * numbers its receipt): a non-negative amount of øre as "1 995,00 kr", digits grouped by three.
 */
export function formatOreSql(amount: SQL): SQL<string> {
  // Whole øre, so the divisions below are integer divisions whatever type the value arrives as.
  const ore = sql`CAST(${amount} AS INTEGER)`;
  const kroner = sql`(${ore} / 100)`;
  const group = (n: number) => sql`printf('%03d', (${kroner} / ${n}) % 1000)`;
  return sql<string>`(CASE
      WHEN ${kroner} >= 1000000 THEN (${kroner} / 1000000) || ${GROUP} || ${group(1000)} || ${GROUP} || ${group(1)}
      WHEN ${kroner} >= 1000 THEN (${kroner} / 1000) || ${GROUP} || ${group(1)}
      ELSE ${kroner} END || ',' || printf('%02d', ${ore} % 100) || ' kr')`;
}
