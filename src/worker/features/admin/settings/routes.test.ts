import { describe, expect, it } from 'vitest';
import type { SiteSettingsInput } from '#shared/schemas/admin/settings';
import { adminTestApp, auditRows, expectAdminOnly } from '#support/admin-session';
import { expectApiError } from '#support/errors';

const ctx = adminTestApp();
const BASE = '/api/admin/settings';
const NONE = {
  welcomeOffer: null,
  founder: { name: '', photoUrl: '', text: '' },
  certificateRequiresQuizzes: false,
  trialDays: 0,
};
const SET: SiteSettingsInput = {
  welcomeOffer: { plan: 'monthly', price: 199, days: 7 },
  founder: { name: ' Siri Solberg ', photoUrl: '/bilder/siri.jpg', text: 'Startet alene i 2019.\nSkriver om AI.' },
};

const settings = () => ctx.s.api.admin.settings;
const read = async () => (await settings().$get()).json();
const save = (json: SiteSettingsInput) => settings().$put({ json });

describe('/api/admin/settings', () => {
  it('answers 401 without a session and 403 to a non-admin, on every route', async () => {
    await expectAdminOnly(ctx.t, ctx.s.user.sessionToken, [
      ['GET', BASE],
      ['PUT', BASE, SET],
    ]);
    expect(await read()).toEqual(NONE);
  });

  it('starts with no welcome offer and no founder, saves both (trimmed), and logs the offer’s values, not the founder’s', async () => {
    expect(await read()).toEqual(NONE);
    const res = await save(SET);
    expect(res.status).toBe(200);
    const saved = {
      welcomeOffer: { plan: 'monthly', price: 199, days: 7 },
      founder: { name: 'Siri Solberg', photoUrl: '/bilder/siri.jpg', text: 'Startet alene i 2019.\nSkriver om AI.' },
      certificateRequiresQuizzes: false,
      trialDays: 0,
    };
    expect(await res.json()).toEqual(saved);
    expect(await read()).toEqual(saved);
    const [audit] = await auditRows(ctx.t);
    expect(audit).toMatchObject({ action: 'settings.update', targetType: 'settings', targetId: '1' });
    expect(audit!.details).toMatchObject({
      changes: { welcomeOfferPrice: { from: null, to: 199 }, founderName: { changed: true } },
    });
    expect(JSON.stringify(audit!.details)).not.toContain('Siri');
    expect((await save(NONE)).status).toBe(200);
    expect(await read()).toEqual(NONE);
  });

  it('saves a free trial of 0–30 days (audited), keeps it when left out, and refuses 31 or a fraction with a Norwegian 400', async () => {
    const res = await save({ ...SET, trialDays: 14 });
    expect(res.status).toBe(200);
    expect((await read()).trialDays).toBe(14);
    const [audit] = await auditRows(ctx.t);
    expect(audit!.details).toMatchObject({ changes: { trialDays: { from: 0, to: 14 } } });
    expect((await save(SET)).status).toBe(200);
    expect((await read()).trialDays).toBe(14);
    for (const trialDays of [31, -1, 2.5]) {
      await expectApiError(await save({ ...SET, trialDays }), 400, 'validation_error', /0 til 30/);
    }
    expect((await save({ ...SET, trialDays: 0 })).status).toBe(200);
    expect((await read()).trialDays).toBe(0);
  });

  it('answers 400 with a Norwegian message to an offer that is no offer, or a bad founder field', async () => {
    const bad: [unknown, string | RegExp][] = [
      [{ ...SET, welcomeOffer: { plan: 'monthly', price: 399, days: 7 } }, /lavere enn planens pris, 399 NOK$/],
      [{ ...SET, welcomeOffer: { plan: 'yearly', price: 0, days: 7 } }, /Skriv prisen som et helt antall kroner$/],
      [{ ...SET, welcomeOffer: { plan: 'weekly', price: 99, days: 7 } }, /Velg månedlig eller årlig$/],
      [{ ...SET, welcomeOffer: { plan: 'monthly', price: 199, days: 0 } }, /Skriv et helt antall dager, 1 til 90$/],
      [{ ...SET, founder: { ...SET.founder, photoUrl: 'javascript:alert(1)' } }, /https:\/\//],
      [{ ...SET, founder: { ...SET.founder, name: 'x'.repeat(81) } }, /Navnet kan ha høyst 80 tegn$/],
      [{ welcomeOffer: null }, /«founder»/],
    ];
    for (const [json, message] of bad) {
      await expectApiError(
        await ctx.t.request(BASE, { method: 'PUT', token: ctx.s.admin.sessionToken, json }),
        400,
        'validation_error',
        message,
      );
    }
    expect(await read()).toEqual(NONE);
  });

  it('answers 404 for a path below it', async () => {
    await expectApiError(await ctx.t.request(`${BASE}/ukjent`, { token: ctx.s.admin.sessionToken }), 404, 'not_found');
  });

  it('turns "Sertifikatet krever bestått quiz" on and off, logged with its values; left out, it stays as it is', async () => {
    const on = await save({ ...NONE, certificateRequiresQuizzes: true });
    expect(await on.json()).toMatchObject({ certificateRequiresQuizzes: true });
    const [audit] = await auditRows(ctx.t);
    expect(audit!.details).toMatchObject({ changes: { certificateRequiresQuizzes: { from: false, to: true } } });
    expect((await save(SET)).status).toBe(200);
    expect(await read()).toMatchObject({ certificateRequiresQuizzes: true });
    expect((await save({ ...SET, certificateRequiresQuizzes: false })).status).toBe(200);
    expect(await read()).toMatchObject({ certificateRequiresQuizzes: false });
    await expectApiError(
      await ctx.s.asAdmin(BASE, { method: 'PUT', json: { ...SET, certificateRequiresQuizzes: 'ja' } }),
      400,
      'validation_error',
      /Må være på eller av/,
    );
  });
});
