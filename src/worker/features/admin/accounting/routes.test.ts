import { describe, expect, it } from 'vitest';
import { payments } from '#db/schema';
import { DAY } from '#shared/time';
import { adminTestApp, auditRows, expectAdminOnly } from '#support/admin-session';
import { parseCsv } from '#support/csv';
import { expectApiError } from '#support/errors';

const ctx = adminTestApp();
const PATH = '/api/admin/accounting/export';

/** The user buys Premium (test provider, paid at once), as a business when `buyer` is given. */
async function buy(plan: 'monthly' | 'yearly', buyer?: { company: string; orgNumber: string }) {
  const res = await ctx.t
    .as(ctx.s.user.sessionToken)
    .premium.upgrade.$post({ json: { plan, price: plan === 'yearly' ? 1995 : 399, withdrawalConsent: true, buyer } });
  expect(res.status).toBe(200);
}

const refundLatest = async () => {
  const [payment] = await ctx.t.db.select().from(payments).orderBy(payments.createdAt);
  const res = await ctx.t
    .as(ctx.s.admin.sessionToken)
    .admin.payments[':id'].refund.$post({ param: { id: payment!.id }, json: {} });
  expect(res.status).toBe(200);
};

/** The file as Norwegian Excel reads it: BOM, CRLF lines, semicolon cells. */
async function download(from: string, to: string) {
  const res = await ctx.s.asAdmin(`${PATH}?from=${from}&to=${to}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(res.headers.get('cache-control')).toBe('no-store');
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder().decode(bytes.slice(3));
  expect(text.endsWith('\r\n')).toBe(true);
  const [header, ...rows] = text
    .slice(0, -2)
    .split('\r\n')
    .map((line) => line.split(';'));
  return { disposition: res.headers.get('content-disposition'), header, rows };
}

describe('GET /api/admin/accounting/export', () => {
  it('lists every receipt and credit note of the months asked for, for Norwegian Excel, and audits the export', async () => {
    await buy('yearly', { company: '=Hansen & Sønn AS', orgNumber: '923609016' });
    ctx.t.clock.advance(DAY);
    await refundLatest();
    ctx.t.clock.advance(15 * DAY); // into December (Oslo)
    await buy('monthly');

    const november = await download('2026-11', '2026-11');
    expect(november.disposition).toBe('attachment; filename="regnskap-2026-11.csv"');
    expect(november.header).toEqual([
      'Nummer',
      'Dato',
      'Type',
      'Kjøper',
      'Netto',
      'MVA',
      'Brutto',
      'Betalingsleverandør',
      'Leverandørreferanse',
    ]);
    const [first] = await ctx.t.db.select().from(payments).orderBy(payments.createdAt);
    expect(november.rows).toEqual([
      [
        '1',
        '2026-11-21',
        'Kvittering',
        "'=Hansen & Sønn AS, org.nr. 923609016",
        '1596,00',
        '399,00',
        '1995,00',
        'Test',
        first!.providerRef,
      ],
      [
        '2',
        '2026-11-22',
        'Kreditnota',
        "'=Hansen & Sønn AS, org.nr. 923609016",
        '-1596,00',
        '-399,00',
        '-1995,00',
        'Test',
        first!.providerRef,
      ],
    ]);

    const december = await download('2026-12', '2026-12');
    expect(december.rows).toEqual([
      ['3', '2026-12-07', 'Kvittering', 'Privatperson', '319,20', '79,80', '399,00', 'Test', expect.stringMatching(/^test_/)],
    ]);
    const both = await download('2026-11', '2026-12');
    expect(both.disposition).toBe('attachment; filename="regnskap-2026-11-til-2026-12.csv"');
    expect(both.rows.map((r) => r[0])).toEqual(['1', '2', '3']);
    expect((await download('2025-01', '2025-12')).rows).toEqual([]);

    const audit = (await auditRows(ctx.t)).filter((a) => a.action === 'accounting.export');
    expect(audit[0]).toMatchObject({
      actorId: ctx.s.admin.user.id,
      targetType: 'receipts',
      details: { from: '2025-01', to: '2025-12' },
    });
    expect(audit).toHaveLength(4);
  });

  it('comes as RFC 4180 when asked: commas, decimal points, no byte-order mark', async () => {
    await buy('monthly');
    const res = await ctx.s.asAdmin(`${PATH}?from=2026-11&to=2026-11&format=rfc4180`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text.startsWith('Nummer,Dato,Type,')).toBe(true);
    const [, row] = parseCsv(text, ',');
    // 399 kr with 25 % MVA: 319,20 net and 79,80 MVA, with points.
    expect(row!.slice(0, 7)).toEqual(['1', '2026-11-21', 'Kvittering', 'Privatperson', '319.20', '79.80', '399.00']);
  });

  it('refuses a month that is not YYYY-MM, a reversed range and more than five years, in Norwegian', async () => {
    for (const [query, message] of [
      ['from=2026-13&to=2026-12', /Oppgi måneden som ÅÅÅÅ-MM/],
      ['from=2026-1&to=2026-12', /Oppgi måneden som ÅÅÅÅ-MM/],
      ['from=2026-01', /Oppgi måneden som ÅÅÅÅ-MM/],
      ['from=2026-12&to=2026-01', /Fra-måneden må være før eller lik til-måneden/],
      ['from=2020-01&to=2025-01', /Velg høyst fem år om gangen/],
      ['from=2026-01&to=2026-12&format=xlsx', /Ukjent filformat \(excel eller rfc4180\)/],
    ] as const) {
      await expectApiError(await ctx.s.asAdmin(`${PATH}?${query}`), 400, 'validation_error', message);
    }
    expect((await auditRows(ctx.t)).filter((a) => a.action === 'accounting.export')).toEqual([]);
  });

  it('answers 401 without a session and 403 to a non-admin; an unknown path under it is 404', async () => {
    await expectAdminOnly(ctx.t, ctx.s.user.sessionToken, [['GET', `${PATH}?from=2026-01&to=2026-12`]]);
    await expectApiError(await ctx.s.asAdmin('/api/admin/accounting/eksport?from=2026-01&to=2026-12'), 404, 'not_found');
  });
});
