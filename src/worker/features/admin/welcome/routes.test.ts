import { describe, expect, it } from 'vitest';
import type { WelcomeSeries, WelcomeStep } from '#shared/schemas/admin/welcome';
import { adminTestApp, auditRows, expectAdminOnly } from '#support/admin-session';
import { expectApiError } from '#support/errors';

const ctx = adminTestApp();
const BASE = '/api/admin/welcome-series';
const STEP = { delayDays: 3, subject: 'Tre verktøy', markdown: 'Hei!\n\nLes [denne](/guide/lessons/niche).' };

const series = async () => ((await (await ctx.s.asAdmin(BASE)).json()) as WelcomeSeries).steps;
const create = async (json: unknown) => {
  const res = await ctx.s.asAdmin(BASE, { json });
  expect(res.status).toBe(201);
  return ((await res.json()) as { step: WelcomeStep }).step;
};

describe('/api/admin/welcome-series', () => {
  it('answers 401 without a session and 403 to a non-admin, on every route', async () => {
    const [first] = await series();
    await expectAdminOnly(ctx.t, ctx.s.user.sessionToken, [
      ['GET', BASE],
      ['POST', BASE, STEP],
      ['PUT', `${BASE}/order`, { ids: [first!.id] }],
      ['PUT', `${BASE}/${first!.id}`, STEP],
      ['DELETE', `${BASE}/${first!.id}`],
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

    const res = await ctx.s.asAdmin(`${BASE}/${step.id}`, {
      method: 'PUT',
      json: { ...STEP, subject: 'Fire verktøy', delayDays: 4 },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { step: WelcomeStep }).step).toMatchObject({
      id: step.id,
      subject: 'Fire verktøy',
      delayDays: 4,
    });
    expect((await series()).map((s) => s.subject)).toContain('Fire verktøy');

    const del = await ctx.s.asAdmin(`${BASE}/${step.id}`, { method: 'DELETE' });
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
    const res = await ctx.s.asAdmin(`${BASE}/order`, { method: 'PUT', json: { ids: reversed } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as WelcomeSeries).steps.map((s) => s.id)).toEqual(reversed);
    expect((await series()).map((s) => [s.id, s.position])).toEqual(reversed.map((id, i) => [id, i]));

    const refused = /Rekkefølgen må nevne hver e-post i serien nøyaktig én gang\.$/;
    for (const bad of [reversed.slice(1), [...reversed.slice(1), 'ukjent'], [reversed[0], reversed[0], reversed[1]]]) {
      await expectApiError(
        await ctx.s.asAdmin(`${BASE}/order`, { method: 'PUT', json: { ids: bad } }),
        400,
        'validation_error',
        refused,
      );
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
    await expectApiError(await ctx.s.asAdmin(`${BASE}/ukjent`, { method: 'PUT', json: STEP }), 404, 'not_found', message);
    await expectApiError(await ctx.s.asAdmin(`${BASE}/ukjent`, { method: 'DELETE' }), 404, 'not_found', message);
  });
});
