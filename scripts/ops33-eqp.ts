import { createTestApp } from '#support/app';
const t = await createTestApp({});
const tr = await t.client.execute(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name IN ('users_search_insert','insight_confirmed')`);
console.log(tr.rows.map((x) => `${x.sql}`).join('\n'));
const s = await t.client.execute(`SELECT name, sql FROM sqlite_master WHERE name LIKE '%search%' AND type='table'`);
console.log(s.rows.map((x) => `${x.sql}`).join('\n'));
t.close();
