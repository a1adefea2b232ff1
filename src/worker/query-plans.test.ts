/**
 * No route or job reads a whole table that grows with users or events
 * (docs/decisions/0024-queries-at-scale.md). Every API route is called once
 * (tests/support/route-calls.ts) and every job run once, the statements they send are captured at
 * the libSQL client, and SQLite's own plan for each (EXPLAIN QUERY PLAN, on a real database with
 * the real migrations) may not SCAN a growing table. The planner has no statistics here, as on a
 * fresh production file (no ANALYZE), so the plan is the one it picks at 100 000 users too.
 * Dropping an index a route relies on fails this test.
 */
import type { InStatement } from '@libsql/client';
import { getTableConfig } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { tables } from '#db';
import { appPerTest, type TestApp } from '#support/app';
import { countOnlyTheRoute } from '#support/budget';
import { apiRoutes, makeFixture, ROUTE_CALLS, ROUTE_CALLS_ENV } from '#support/route-calls';
import { runJobs } from '#worker/jobs/index';
import { runReminders } from '#worker/jobs/reminders';

/**
 * Tables whose size an admin sets, not the visitors: reading them whole is fine. Every other
 * table of the schema grows with users, visitors or events. `price_history` has a row per list
 * price change, written only by a migration (db/migrations/0008_…) when PRICES_NOK changes.
 * `welcome_steps` is the admin's series; `lesson_announcements` has a row per lesson;
 * `quiz_question_stats` a row per quiz question (counts, however many learners answer);
 * `automations` a row per kind of automation, `tags` a row per tag an admin has used.
 * `webhook_endpoints` the handful of receivers the admin registered. `member_import_chunks` holds
 * an uploaded file's rows only until the import job has previewed them (≤ 100 rows a file, gone
 * within seconds), so erasure and export read them whole (docs/decisions/0052-member-import.md).
 * `coupons` the admin's discount codes (its uses are in `coupon_redemptions`, which grows).
 */
const FIXED = new Set([
  'modules',
  'lessons',
  'campaigns',
  'coupons',
  'counters',
  'module_stats',
  'price_history',
  'welcome_steps',
  'lesson_announcements',
  'quiz_question_stats',
  'automations',
  'tags',
  'webhook_endpoints',
  'member_import_chunks',
]);
const GROWING = new Set(tables.map((table) => getTableConfig(table).name).filter((name) => !FIXED.has(name)));

const t = appPerTest({ seed: true, env: ROUTE_CALLS_ENV });

/**
 * The plan's lines that read a growing table from end to end. Walking an index in order under
 * a LIMIT (the newest ten, a page of users) stops after those rows, so it is no full scan — as
 * long as nothing is sorted first (no temporary B-tree).
 */
async function fullScans(app: TestApp, statement: InStatement): Promise<string[]> {
  const { sql, args } = typeof statement === 'string' ? { sql: statement, args: [] } : statement;
  const plan = (await app.client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args })).rows.map((row) => String(row.detail));
  const walksInOrder = /\blimit\b/i.test(sql) && !plan.some((detail) => detail.includes('TEMP B-TREE'));
  // The plan names a table by its alias where the statement gives one (`FROM lesson_completions c`).
  const aliases = new Map<string, string>();
  for (const [, table, alias] of sql.matchAll(/\b(?:from|join)\s+"?(\w+)"?\s+(?:as\s+)?"?(\w+)"?/gi)) aliases.set(alias!, table!);
  return plan.filter((detail) => {
    const scan = /^SCAN (\S+)( USING (COVERING )?INDEX)?/.exec(detail);
    const name = scan?.[1]!.replace(/"/g, '');
    if (!scan || !GROWING.has(aliases.get(name!) ?? name!)) return false;
    return !(scan[2] && walksInOrder);
  });
}

/**
 * The full scans in the plans of the statements `run` sends. The plans are read after `run`, all
 * at once: an EXPLAIN between two writes of the app's single connection would be a statement
 * in progress when the next write commits.
 */
async function scansOf(app: TestApp, run: () => unknown) {
  app.roundTrips.reset();
  await run();
  return plansOf(app, [...app.roundTrips.statements]);
}

async function plansOf(app: TestApp, statements: InStatement[]) {
  const found: string[] = [];
  for (const statement of statements) {
    const sql = typeof statement === 'string' ? statement : statement.sql;
    for (const scan of await fullScans(app, statement)) found.push(`${scan}  ←  ${sql.replace(/\s+/g, ' ').slice(0, 300)}`);
  }
  return found;
}

describe('query plans', () => {
  it('every API route is called here', () => {
    const missing = apiRoutes(t).filter((route) => !(route in ROUTE_CALLS));
    expect(missing, 'add a call to tests/support/route-calls.ts').toEqual([]);
  });

  it('no route scans a table that grows with users or events', async () => {
    countOnlyTheRoute(t);
    const fixture = await makeFixture(t, t.clock.now());
    const sent: Record<string, InStatement[]> = {};
    const statuses: Record<string, number> = {};
    const expected: Record<string, number> = {};
    for (const [route, make] of Object.entries(ROUTE_CALLS)) {
      const call = await make(fixture, t);
      expected[route] = call.status;
      t.roundTrips.reset();
      const res = await t.request(call.path, {
        method: route.split(' ')[0],
        json: call.json,
        body: call.body,
        token: call.token,
        headers: call.headers,
      });
      statuses[route] = res.status;
      sent[route] = [...t.roundTrips.statements];
    }
    // A call that failed planned only its error path: each must have done what it is for.
    expect(statuses).toEqual(expected);
    const scans: Record<string, string[]> = {};
    for (const [route, statements] of Object.entries(sent)) {
      const found = await plansOf(t, statements);
      if (found.length) scans[route] = found;
    }
    expect(scans).toEqual({});
  });

  it('no job scans a table that grows with users or events', async () => {
    await makeFixture(t, t.clock.now());
    expect(await scansOf(t, () => runJobs(t.deps))).toEqual([]);
  });

  it('nor do the evening reminders, a new lesson among them', async () => {
    await makeFixture(t, t.clock.now());
    await runReminders(t.deps, t.clock.now());
    await t.client.execute(`INSERT INTO lessons (id, module_id, title, "order") VALUES ('plan-ny', 'mindset', 'Ny', 99)`);
    expect(await scansOf(t, () => runReminders(t.deps, Date.parse('2026-11-21T19:00:00Z')))).toEqual([]);
  });

  it('fails a route whose index is dropped', async () => {
    const fixture = await makeFixture(t, t.clock.now());
    await t.client.execute('DROP INDEX events_lead_idx');
    const found = await scansOf(t, () => t.request('/api/account/export', { token: fixture.learner.token }));
    expect(found).toContainEqual(expect.stringMatching(/^SCAN analytics_events/));
  });

  it('every foreign key leads an index, so deleting or renaming the row it points to looks it up', async () => {
    // Cascades and SET NULL run inside SQLite and are not in any statement's plan: check the schema.
    const unindexed: string[] = [];
    for (const table of tables.map((x) => getTableConfig(x))) {
      const { rows: keys } = await t.client.execute(`PRAGMA foreign_key_list("${table.name}")`);
      const { rows: indexes } = await t.client.execute(`PRAGMA index_list("${table.name}")`);
      const leading = new Set<string>();
      // An INTEGER PRIMARY KEY is the rowid itself: the table is ordered by it, no index needed.
      const { rows: columns } = await t.client.execute(`PRAGMA table_info("${table.name}")`);
      const rowid = columns.filter((c) => Number(c.pk) > 0);
      if (rowid.length === 1 && String(rowid[0]!.type).toUpperCase() === 'INTEGER') leading.add(String(rowid[0]!.name));
      for (const index of indexes) {
        const { rows: cols } = await t.client.execute(`PRAGMA index_info("${String(index.name)}")`);
        const first = cols.find((c) => Number(c.seqno) === 0);
        if (first) leading.add(String(first.name));
      }
      for (const key of keys) if (!leading.has(String(key.from))) unindexed.push(`${table.name}.${String(key.from)}`);
    }
    expect(unindexed).toEqual([]);
  });
});
