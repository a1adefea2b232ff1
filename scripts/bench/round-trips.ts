/**
 * Database round trips per API route, counted at the libSQL client as the tests count them
 * (`t.roundTrips`: each execute/batch is one HTTP request to the database on Workers). Every
 * API route the app has is called once by a signed-in user; the budget is at most two per
 * request, session lookup included (issue 8, §2). As in the tests (`countOnlyTheRoute`), the
 * per-client limiter and the outbox's own write are left out: in production the one lives in
 * the process or at Cloudflare's edge, and mail goes out over SMTP or HTTP.
 */
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { lessons, modules } from '#db/schema';
import { createTestApp, type TestApp } from '#support/app';
import { countOnlyTheRoute } from '#support/budget';
import { apiRoutes } from '#support/route-calls';
import { makeTemplateDb } from '#support/template-db';
import type { BenchReport } from './report';

const BUDGET = 2;

/** `token`: a session of the call's own, for a route that ends the sessions the others use. */
type Call = { path: string; method?: string; json?: unknown; token?: string };
type Signed = { t: TestApp; token: string };

/** How to call a route meaningfully; preparation (e.g. getting a fresh sign-in link) is not counted. */
const RECIPES: Record<string, (s: Signed) => Call | Promise<Call>> = {
  'GET /api/health': () => ({ path: '/api/health' }),
  'GET /api/auth/me': () => ({ path: '/api/auth/me' }),
  'POST /api/auth/magic-link': () => ({ path: '/api/auth/magic-link', json: { email: 'bench.link@example.no' } }),
  'GET /api/auth/verify': async ({ t }) => ({
    path: `/api/auth/verify?token=${(await freshMail(t, 'bench.verify@example.no')).token}`,
  }),
  'POST /api/auth/verify-code': async ({ t }) => {
    const email = 'bench.code@example.no';
    return { path: '/api/auth/verify-code', json: { email, code: (await freshMail(t, email)).code } };
  },
  'POST /api/lead': () => ({ path: '/api/lead', json: { email: 'bench.lead@example.no', consentMarketing: true } }),
  'POST /api/event': () => ({ path: '/api/event', json: { eventName: 'cta_hero_click' } }),
  'GET /api/premium/upsell': () => ({ path: '/api/premium/upsell' }),
  'POST /api/premium/upsell/events': () => ({
    path: '/api/premium/upsell/events',
    json: { campaignId: 'default', kind: 'shown', placement: 'modal', reason: 'visit' },
  }),
  'POST /api/auth/logout-all': async ({ t }) => ({
    path: '/api/auth/logout-all',
    token: (await t.signIn('bench.logout-all@example.no')).sessionToken,
  }),
};
/** Called last: it ends the session the others use. */
const LAST = 'POST /api/auth/logout';

async function freshMail(t: TestApp, email: string) {
  const sent = await t.request('/api/auth/magic-link', { json: { email } });
  if (sent.status !== 200) throw new Error(`magic-link for ${email}: ${sent.status}`);
  return (await t.latestMail(email))!;
}

/** A route nobody wrote a recipe for yet: its path parameters filled from the seeded content, an empty JSON body. */
async function guessCall(t: TestApp, method: string, path: string): Promise<Call> {
  const [mod] = await t.db.select({ id: modules.id }).from(modules).orderBy(asc(modules.order)).limit(1);
  const [lesson] = mod
    ? await t.db.select({ id: lessons.id }).from(lessons).where(eq(lessons.moduleId, mod.id)).orderBy(asc(lessons.order)).limit(1)
    : [];
  const filled = path.replace(/:(\w+)(\{[^}]*\})?\??/g, (_, name: string) =>
    encodeURIComponent(/lesson/i.test(name) ? (lesson?.id ?? 'x') : (mod?.id ?? 'x')),
  );
  return { path: filled, method, json: method === 'GET' || method === 'HEAD' ? undefined : {} };
}

export async function roundTripsPerRoute(report: BenchReport): Promise<void> {
  // A template of its own, so nothing is left in the temp dir (Vitest's global setup does this in tests).
  const template = await makeTemplateDb();
  process.env.SOLOPRENOR_TEMPLATE_DB = template;
  const t = await createTestApp({ seed: true });
  countOnlyTheRoute(t);
  try {
    const { sessionToken: token } = await t.signIn('bench.user@example.no');
    const routes = apiRoutes(t);
    const order = [
      ...Object.keys(RECIPES).filter((r) => routes.includes(r)),
      ...routes.filter((r) => !(r in RECIPES) && r !== LAST).sort(),
      ...(routes.includes(LAST) ? [LAST] : []),
    ];
    const guessed: string[] = [];
    for (const route of order) {
      const [method, path] = route.split(' ') as [string, string];
      const recipe = RECIPES[route];
      if (!recipe && route !== LAST) guessed.push(route);
      const call = recipe ? await recipe({ t, token }) : route === LAST ? { path } : await guessCall(t, method, path);
      t.roundTrips.reset();
      const res = await t.request(call.path, { method, json: call.json, token: call.token ?? token });
      const trips = t.roundTrips.count;
      report.row(`Round trips ${method} ${path} (signed in)`, `${trips}  [HTTP ${res.status}]`, `≤ ${BUDGET}`, trips <= BUDGET);
    }
    for (const r of Object.keys(RECIPES))
      if (!routes.includes(r)) report.note(`Round trips: ${r} has a recipe but the app has no such route.`);
    if (guessed.length) {
      report.note(
        `Round trips: no recipe yet for ${guessed.join(', ')} — called with path parameters from the seeded content ` +
          'and an empty JSON body; add a recipe in scripts/bench/round-trips.ts for a meaningful count.',
      );
    }
  } finally {
    t.close();
    delete process.env.SOLOPRENOR_TEMPLATE_DB;
    rmSync(dirname(template), { recursive: true, force: true });
  }
}
