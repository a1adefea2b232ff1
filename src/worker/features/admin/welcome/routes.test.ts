import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailQueue } from '#db/schema';
import type { WelcomeStepInput } from '#shared/schemas/admin/welcome';
import { adminTestApp, auditRows, expectAdminOnly } from '#support/admin-session';
import { TEST_ORIGIN } from '#support/app';
import { expectApiError } from '#support/errors';

const ctx = adminTestApp();
const BASE = '/api/admin/welcome-series';
const STEP = { delayDays: 3, subject: 'Tre verktøy', markdown: 'Hei!\n\nLes [denne](/guide/lessons/niche).' };

const welcome = () => ctx.s.api.admin['welcome-series'];
const series = async () => (await (await welcome().$get()).json()).steps;
const create = async (json: WelcomeStepInput) => {
  const res = await welcome().$post({ json });
  expect(res.status).toBe(201);
  return (await res.json()).step;
};
const update = (id: string, json: WelcomeStepInput) => welcome()[':id'].$put({ param: { id }, json });
const remove = (id: string) => welcome()[':id'].$delete({ param: { id } });
const reorder = (ids: string[]) => welcome().order.$put({ json: { ids } });
// Through the admin's plain client: the mail it queues starts on its way during the request, and
// the budgeted client would count the delivery's statements (the round-trip bench counts the route).
const testSend = (json: { subject: string; markdown: string }) =>
  ctx.t.as(ctx.s.admin.sessionToken).admin['welcome-series'].test.$post({ json });

describe('/api/admin/welcome-series', () => {
  it('answers 401 without a session and 403 to a non-admin, on every route', async () => {
    const [first] = await series();
    await expectAdminOnly(ctx.t, ctx.s.user.sessionToken, [
      ['GET', BASE],
      ['POST', BASE, STEP],
      ['PUT', `${BASE}/order`, { ids: [first!.id] }],
      ['PUT', `${BASE}/${first!.id}`, STEP],
      ['DELETE', `${BASE}/${first!.id}`],
      ['POST', `${BASE}/test`, { subject: STEP.subject, markdown: STEP.markdown }],
    ]);
    expect(await series()).toHaveLength(3);
  });

  it('lists the seeded series: three Norwegian mails on day 0, 2 and 5 that link into the free guide', async () => {
    const steps = await series();
    expect(steps.map((s) => [s.position, s.delayDays, s.sent])).toEqual([
      [0, 0, 0],
      [1, 2, 0],
      [2, 5, 0],
    ]);
    expect(steps[0]!.subject).toBe('Velkommen! Her er første steg');
    for (const s of steps) expect(s.markdown).toMatch(/\]\(\/guide\/lessons\/(mindset|build|marketing)\)/);
  });

  it('adds a step at the end, edits it keeping its id, and deletes it; each write is audited', async () => {
    const step = await create(STEP);
    expect(step).toEqual({ ...STEP, id: expect.any(String), position: 3, sent: 0 });

    const res = await update(step.id, { ...STEP, subject: 'Fire verktøy', delayDays: 4 });
    expect(res.status).toBe(200);
    expect((await res.json()).step).toMatchObject({
      id: step.id,
      subject: 'Fire verktøy',
      delayDays: 4,
    });
    expect((await series()).map((s) => s.subject)).toContain('Fire verktøy');

    const del = await remove(step.id);
    expect(await del.json()).toEqual({ deleted: true });
    expect((await series()).map((s) => s.id)).not.toContain(step.id);
    expect((await auditRows(ctx.t)).slice(0, 3).map((r) => [r.action, r.targetId])).toEqual([
      ['welcome_step.delete', step.id],
      ['welcome_step.update', step.id],
      ['welcome_step.create', step.id],
    ]);
  });

  it('reorders the steps; an order that misses or repeats a step, or names an unknown one, changes nothing', async () => {
    const ids = (await series()).map((s) => s.id);
    const reversed = [...ids].reverse();
    const res = await reorder(reversed);
    expect(res.status).toBe(200);
    expect((await res.json()).steps.map((s) => s.id)).toEqual(reversed);
    expect((await series()).map((s) => [s.id, s.position])).toEqual(reversed.map((id, i) => [id, i]));

    const refused = /Rekkefølgen må nevne hver e-post i serien nøyaktig én gang\.$/;
    for (const bad of [reversed.slice(1), [...reversed.slice(1), 'ukjent'], [reversed[0]!, reversed[0]!, reversed[1]!]]) {
      await expectApiError(await reorder(bad), 400, 'validation_error', refused);
    }
    expect((await series()).map((s) => s.id)).toEqual(reversed);
  });

  it('refuses bad input with a Norwegian message and saves nothing', async () => {
    const cases: [unknown, RegExp][] = [
      [{ ...STEP, subject: '  ' }, /«subject»: Skriv et emne\.$/],
      [{ ...STEP, markdown: '' }, /«markdown»: Skriv innholdet i e-posten\.$/],
      [{ ...STEP, delayDays: -1 }, /«delayDays»: Antall dager må være et helt tall fra 0 til 365\.$/],
      [{ ...STEP, delayDays: 1.5 }, /«delayDays»: Antall dager må være et helt tall fra 0 til 365\.$/],
      [{ ...STEP, subject: 'a'.repeat(151) }, /«subject»: Høyst 150 tegn\.$/],
      [{ ...STEP, subject: 'Linje\nto' }, /«subject»/],
    ];
    for (const [json, message] of cases) {
      await expectApiError(await ctx.s.asAdmin(BASE, { json }), 400, 'validation_error', message);
    }
    const [first] = await series();
    await expectApiError(
      await ctx.s.asAdmin(`${BASE}/${first!.id}`, { method: 'PUT', json: { ...STEP, delayDays: 'tre' } }),
      400,
      'validation_error',
    );
    expect(await series()).toHaveLength(3);
  });

  it('answers 404 for a step that does not exist', async () => {
    const message = 'Fant ikke e-posten i velkomstserien.';
    await expectApiError(await update('ukjent', STEP), 404, 'not_found', message);
    await expectApiError(await remove('ukjent'), 404, 'not_found', message);
  });
});

describe('POST /api/admin/welcome-series/test', () => {
  it('sends the step as written, saved or not, to the signed-in admin alone: marked as a test, with the unsubscribe headers', async () => {
    const before = await series();
    const res = await testSend({ subject: 'Utkast til dag 7', markdown: STEP.markdown });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: ctx.s.admin.user.email });

    const [queued] = await ctx.t.db.select().from(mailQueue).where(eq(mailQueue.subject, '[Test] Utkast til dag 7'));
    expect(queued).toMatchObject({ to: ctx.s.admin.user.email, status: 'sent', kind: 'marketing' });
    expect(queued!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    const mail = await ctx.t.latestMail(ctx.s.admin.user.email);
    expect(mail!.html).toContain(`${TEST_ORIGIN}/guide/lessons/niche`);
    expect(mail!.text).toContain(`${TEST_ORIGIN}/guide/lessons/niche`);
    // A test is no step: the series and its sent counts are as they were.
    expect(await series()).toEqual(before);
  });

  it.each([
    [{ subject: '', markdown: 'Hei' }, /Skriv et emne\./],
    [{ subject: 'Hei', markdown: ' ' }, /Skriv innholdet i e-posten\./],
  ])('refuses %j with a Norwegian message and sends nothing', async (json, message) => {
    await expectApiError(await testSend(json), 400, 'validation_error', message);
    expect(await ctx.t.db.select().from(mailQueue).where(like(mailQueue.subject, '[Test]%'))).toEqual([]);
  });
});
