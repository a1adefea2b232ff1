/**
 * Database round trips per API route, counted at the libSQL client as the tests count them
 * (`t.roundTrips`: each execute/batch is one HTTP request to the database on Workers). Every
 * API route the app has is called once, as the caller it is for (a signed-in user, the admin,
 * nobody) with the call tests/support/route-calls.ts keeps for it, and must answer the status
 * that call expects: a row that measured a 401 or 404 instead of the route's work is a failed
 * row, never an "ok". The budget is at most two per request, session lookup included (the
 * rule tests/support/budget.ts holds the tests to). As in the tests (`countOnlyTheRoute`), the
 * per-client limiter and the outbox's own write are left out: in production the one lives in
 * the process or at Cloudflare's edge, and mail goes out over SMTP or HTTP. Stripe's webhook is
 * measured with a signed event, as Stripe delivers it.
 */
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { createTestApp } from '#support/app';
import { countOnlyTheRoute } from '#support/budget';
import { apiRoutes, makeFixture, ROUTE_CALLS, ROUTE_CALLS_ENV, type Call } from '#support/route-calls';
import { makeTemplateDb } from '#support/template-db';
import type { BenchReport } from './report';

const BUDGET = 2;

export async function roundTripsPerRoute(report: BenchReport): Promise<void> {
  // A template of its own, so nothing is left in the temp dir (in a Vitest run, its global setup's).
  const template = process.env.SOLOPRENOR_TEMPLATE_DB ? null : await makeTemplateDb();
  if (template) process.env.SOLOPRENOR_TEMPLATE_DB = template;
  const t = await createTestApp({ seed: true, env: ROUTE_CALLS_ENV });
  countOnlyTheRoute(t);
  try {
    const fixture = await makeFixture(t, t.clock.now());
    for (const route of apiRoutes(t)) {
      const method = route.split(' ')[0]!;
      const recipe = ROUTE_CALLS[route];
      if (!recipe) {
        report.row(`Round trips ${route}`, 'no recipe', `≤ ${BUDGET}, expected status`, false);
        continue;
      }
      let call: Call;
      try {
        call = await recipe(fixture, t);
      } catch (err) {
        report.row(`Round trips ${route}`, `preparation failed: ${(err as Error).message}`, `≤ ${BUDGET}`, false);
        continue;
      }
      t.roundTrips.reset();
      const res = await t.request(call.path, { ...call, method });
      const trips = t.roundTrips.count;
      const asExpected = res.status === call.status;
      report.row(
        `Round trips ${route}`,
        asExpected ? `${trips}  [HTTP ${res.status}]` : `${trips}  [HTTP ${res.status}, expected ${call.status}]`,
        `≤ ${BUDGET}, HTTP ${call.status}`,
        asExpected && trips <= BUDGET,
      );
      if (!asExpected) report.note(`Round trips ${route}: HTTP ${res.status} instead of ${call.status}: ${await res.text()}`);
    }
    for (const r of Object.keys(ROUTE_CALLS)) {
      if (!apiRoutes(t).includes(r)) report.note(`Round trips: ${r} has a recipe but the app has no such route.`);
    }
  } finally {
    t.close();
    if (template) {
      delete process.env.SOLOPRENOR_TEMPLATE_DB;
      rmSync(dirname(template), { recursive: true, force: true });
    }
  }
}
