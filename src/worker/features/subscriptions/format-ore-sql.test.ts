import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#db/node';
import { formatOre } from '#shared/money';
import { formatOreSql } from './format-ore-sql';

const { client, db } = await openDatabase(':memory:');
afterAll(() => client.close());

describe('formatOreSql', () => {
  it('writes øre as formatOre does, grouped by thousands', async () => {
    const amounts = [0, 5, 500, 10000, 39900, 99999, 100000, 199500, 1234550, 99999999, 100000000, 123456789];
    const [row] = await db.all<Record<string, string>>(
      sql.join(
        [
          sql`SELECT `,
          sql.join(
            amounts.map((a) => sql`${formatOreSql(sql`${a}`)} AS ${sql.identifier(`a${a}`)}`),
            sql`, `,
          ),
        ],
        sql``,
      ),
    );
    expect(amounts.map((a) => row![`a${a}`])).toEqual(amounts.map(formatOre));
  });
});
