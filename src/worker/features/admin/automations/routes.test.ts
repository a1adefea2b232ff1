import { describe, expect, it } from 'vitest';
import { defaultAutomationMails } from '#shared/copy/admin/automations';
import type { AutomationInput } from '#shared/schemas/admin/automations';
import { adminTestApp, auditRows, expectAdminOnly } from '#support/admin-session';
import { expectApiError } from '#support/errors';

const ctx = adminTestApp();
const BASE = '/api/admin/automations';
const automationsApi = () => ctx.s.api.admin.automations;
const put = (kind: string, json: AutomationInput) => automationsApi()[':kind'].$put({ param: { kind }, json });
const MAIL = { delayDays: 0, subject: 'Du glemte noe', markdown: 'Hei!\n\nFortsett på [prissiden](/priser).' };

describe('/api/admin/automations', () => {
  it('answers 401 without a session and 403 to a non-admin, on every route', async () => {
    await expectAdminOnly(ctx.t, ctx.s.user.sessionToken, [
      ['GET', BASE],
      ['GET', `${BASE}/onboarding`],
      ['PUT', `${BASE}/onboarding`, { enabled: true, mails: [MAIL] }],
    ]);
  });

  it('lists the three, each off, with the Norwegian default mails', async () => {
    const res = await automationsApi().$get();
    expect(res.status).toBe(200);
    const { automations } = await res.json();
    expect(automations.map((a) => [a.kind, a.enabled, a.mails.length])).toEqual([
      ['onboarding', false, 2],
      ['abandoned_checkout', false, 1],
      ['cancellation', false, 1],
    ]);
    expect(automations[2]!.mails[0]).toEqual({ ...defaultAutomationMails.cancellation[0], sent: 0 });
    const one = await automationsApi()[':kind'].$get({ param: { kind: 'abandoned_checkout' } });
    expect((await one.json()).automation).toEqual(automations[1]);
  });

  it('switches one on with edited mails, keeps a mail id through edits, and audits it', async () => {
    const onboarding = defaultAutomationMails.onboarding;
    const res = await put('onboarding', {
      enabled: true,
      mails: [
        { ...onboarding[0]!, subject: 'Velkommen inn!' },
        { delayDays: 7, subject: 'En uke inne', markdown: 'Hei' },
      ],
    });
    expect(res.status).toBe(200);
    const { automation } = await res.json();
    expect(automation).toMatchObject({ kind: 'onboarding', enabled: true, enabledAt: expect.any(String) });
    expect(automation.mails.map((m) => [m.id === onboarding[0]!.id, m.subject, m.delayDays])).toEqual([
      [true, 'Velkommen inn!', 0],
      [false, 'En uke inne', 7],
    ]);
    // Still on after an edit: the time it was switched on stays.
    ctx.t.clock.advance(60_000);
    const mails = automation.mails.map(({ sent: _, ...m }) => m);
    const again = await (await put('onboarding', { enabled: true, mails })).json();
    expect(again.automation.enabledAt).toBe(automation.enabledAt);
    const off = await (await put('onboarding', { enabled: false, mails })).json();
    expect(off.automation.enabled).toBe(false);
    expect((await auditRows(ctx.t))[0]).toMatchObject({ action: 'automation.update', targetId: 'onboarding' });
  });

  it('refuses bad input with a Norwegian message and saves nothing', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['onboarding', { enabled: 'ja', mails: [MAIL] }, /Angi om automatiseringen skal være på\.$/],
      ['onboarding', { enabled: true, mails: [] }, /En automatisering har fra 1 til 10 e-poster\.$/],
      ['onboarding', { enabled: true, mails: [{ ...MAIL, subject: '' }] }, /Skriv et emne\.$/],
      ['abandoned_checkout', { enabled: true, mails: [MAIL, MAIL] }, /nøyaktig én e-post/],
      ['cancellation', { enabled: true, mails: [{ ...MAIL, delayDays: 2 }] }, /nøyaktig én e-post/],
      [
        'cancellation',
        {
          enabled: true,
          mails: [
            { ...MAIL, id: 'a' },
            { ...MAIL, id: 'a' },
          ],
        },
        /sin egen id/,
      ],
    ];
    for (const [kind, json, message] of cases) {
      await expectApiError(await ctx.s.asAdmin(`${BASE}/${kind}`, { method: 'PUT', json }), 400, 'validation_error', message);
    }
    const { automations } = await (await automationsApi().$get()).json();
    expect(automations.every((a) => !a.enabled)).toBe(true);
  });

  it('answers 404 for an automation that does not exist', async () => {
    const message = 'Fant ikke automatiseringen.';
    await expectApiError(await ctx.s.asAdmin(`${BASE}/bursdag`), 404, 'not_found', message);
    await expectApiError(await put('bursdag', { enabled: true, mails: [MAIL] }), 404, 'not_found', message);
  });
});
