import { desc, eq } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminAuditLog, leads, users } from '#db/schema';
import type { AdminLeadList } from '#shared/schemas/admin/leads';
import type { LeadRequest } from '#shared/schemas/leads';
import { appPerTest } from '#support/app';
import { countOnlyTheRoute } from '#support/budget';
import { parseCsv } from '#support/csv';
import { expectApiError } from '#support/errors';
import { grantConsent, withdrawConsent } from '#worker/features/privacy/index';

const t = appPerTest({ seed: true });
let admin: { token: string; id: string };
let member: string;
let serial = 0;

const client = { ip: '203.0.113.9', userAgent: 'Mozilla/5.0 (Test)' };

/** A sign-up through the landing's API, from a client of its own (so no per-IP limit answers). */
async function signUp(email: string, extra: Pick<LeadRequest, 'source' | 'utm' | 'consentMarketing'> = {}) {
  const res = await t.api.lead.$post(
    { json: { email, acceptTerms: true, consentMarketing: true, ...extra } },
    { headers: { 'x-test-ip': `198.51.100.${++serial}` } },
  );
  expect(res.status).toBe(201);
}

/** Uses the sign-up's mailed link, as the lead does: signs in and confirms the consent. */
async function confirm(email: string) {
  const mail = await t.latestMail(email);
  const res = await t.api.auth.verify.$get(
    { query: { token: mail!.token! } },
    { headers: { 'x-test-ip': `198.51.101.${++serial}` } },
  );
  expect(res.status).toBe(200);
  return (await res.json()).user.id;
}

/**
 * Four leads, newest last: Anna (confirmed, became Premium, UTM nyhetsbrev/host), Bo (from the
 * login page, ticked the box and never opened the link: waiting), Cato (confirmed, then withdrew;
 * UTM campaign vaar) and Dina, who left the box unticked, whose UTM values are formulas and whose
 * address needs quoting in CSV.
 */
beforeEach(async () => {
  const signedIn = await t.signIn('admin@soloprenor.no');
  admin = { token: signedIn.sessionToken, id: signedIn.user.id };
  member = (await t.signIn('ola@example.no')).sessionToken;

  await signUp('anna@example.no', { utm: { source: 'nyhetsbrev', medium: 'epost', campaign: 'host' } });
  const annaId = await confirm('anna@example.no');
  await t.db.update(users).set({ isPremium: true }).where(eq(users.id, annaId));
  await signUp('bo@example.no', { source: 'guide_login' });
  await signUp('cato@example.no', { utm: { campaign: 'vaar' } });
  const catoId = await confirm('cato@example.no');
  await withdrawConsent(t.deps, { email: 'cato@example.no', source: 'account', client, userId: catoId });
  await signUp('dina@example.no', {
    consentMarketing: false,
    utm: { source: '=HYPERLINK("https://evil.example")', medium: '+47', campaign: '@SUM(1)' },
  });
});

/** Sends a request as the admin, with its database round trips. */
async function withTrips<R extends object>(send: () => Promise<R>) {
  countOnlyTheRoute(t);
  t.roundTrips.reset();
  const res = await send();
  return Object.assign(res, { trips: t.roundTrips.count });
}
/** A path with its query string as written, sent raw: a query the schema refuses, the CSV export. */
const asAdmin = (path: string) => withTrips(() => t.request(path, { token: admin.token }));
const leadsApi = () => t.as(admin.token).admin.leads;
type ListQuery = InferRequestType<ReturnType<typeof leadsApi>['$get']>['query'];

const list = async (query: ListQuery = {}) => {
  const res = await withTrips(() => leadsApi().$get({ query }));
  expect(res.status).toBe(200);
  expect(res.trips).toBeLessThanOrEqual(2);
  return res.json();
};
const emails = (body: AdminLeadList) => body.leads.map((l) => l.email);
const leadId = async (email: string) => (await t.db.select().from(leads).where(eq(leads.email, email)))[0]!.id;
const latestAudit = async () => (await t.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.id)).limit(1))[0];

describe('GET /api/admin/leads?query=: the trigram index (leads_search)', () => {
  it('finds a part of an address anywhere in it (three characters or more) and nothing for text no lead has', async () => {
    expect(emails(await list({ query: 'ato@exam' }))).toEqual(['cato@example.no']);
    expect(emails(await list({ query: 'bo@' }))).toEqual(['bo@example.no']);
    expect(await list({ query: 'finnes-ikke-her' })).toMatchObject({ total: 0, leads: [] });
    expect(emails(await list({ query: '"cato' }))).toEqual([]);
  });

  it('stays in step when an address changes or a lead goes, by itself or with its account', async () => {
    await t.db.update(leads).set({ email: 'cecilie@example.no' }).where(eq(leads.email, 'cato@example.no'));
    expect(await list({ query: 'cato' })).toMatchObject({ total: 0 });
    expect(emails(await list({ query: 'cilie@' }))).toEqual(['cecilie@example.no']);

    await t.db.delete(leads).where(eq(leads.email, 'cecilie@example.no'));
    expect(await list({ query: 'cilie@' })).toMatchObject({ total: 0 });
    // anna's lead belongs to her account, and goes with it (ON DELETE CASCADE fires the trigger too).
    const [anna] = await t.db.select().from(leads).where(eq(leads.email, 'anna@example.no'));
    await t.db.delete(users).where(eq(users.id, anna!.userId!));
    expect(await list({ query: 'anna@' })).toMatchObject({ total: 0 });
    await t.client.execute("INSERT INTO leads_search(leads_search, rank) VALUES ('integrity-check', 1)");
  });
});

describe('the guard on /api/admin/leads', () => {
  it.each(['/api/admin/leads', '/api/admin/leads/export', '/api/admin/leads/some-id/consents'])(
    '%s: 401 without a session, 403 for a learner',
    async (path) => {
      await expectApiError(await t.request(path), 401, 'unauthenticated');
      await expectApiError(await t.request(path, { token: member }), 403, 'forbidden', 'Du har ikke tilgang til dette.');
    },
  );
});

describe('GET /api/admin/leads', () => {
  it('lists every lead newest first with consent, source, UTM, dates and what they became, in two round trips', async () => {
    const body = await list();
    expect(body).toMatchObject({ total: 4, page: 1, pageSize: 20 });
    expect(emails(body)).toEqual(['dina@example.no', 'cato@example.no', 'bo@example.no', 'anna@example.no']);
    const [dina, cato, bo, anna] = body.leads;
    expect(anna).toMatchObject({
      consentMarketing: 'granted',
      source: 'landing_page',
      utm: { source: 'nyhetsbrev', medium: 'epost', campaign: 'host' },
      isPremium: true,
    });
    expect(anna!.userId).toEqual(expect.any(String));
    expect(anna!.lastActivityAt).toEqual(expect.any(String)); // the session the link started
    expect(bo).toMatchObject({
      consentMarketing: 'pending',
      source: 'guide_login',
      userId: null,
      lastActivityAt: null,
      isPremium: false,
    });
    expect(cato).toMatchObject({ consentMarketing: 'withdrawn', isPremium: false, utm: { source: null, campaign: 'vaar' } });
    expect(dina!.consentMarketing).toBe('never');
    expect(Date.parse(dina!.createdAt)).toBeGreaterThanOrEqual(Date.parse(anna!.createdAt));
  });

  it('filters by consent state, form, UTM source or campaign and a part of the address, and pages', async () => {
    expect(emails(await list({ consent: 'granted' }))).toEqual(['anna@example.no']);
    expect(emails(await list({ consent: 'withdrawn' }))).toEqual(['cato@example.no']);
    expect(emails(await list({ consent: 'never' }))).toEqual(['dina@example.no']);
    expect(emails(await list({ consent: 'pending' }))).toEqual(['bo@example.no']);
    expect(emails(await list({ source: 'guide_login' }))).toEqual(['bo@example.no']);
    expect(emails(await list({ utm: 'nyhetsbrev' }))).toEqual(['anna@example.no']);
    expect(emails(await list({ utm: 'vaar' }))).toEqual(['cato@example.no']);
    expect(emails(await list({ query: 'CATO' }))).toEqual(['cato@example.no']);
    // LIKE's own wildcards are taken literally.
    expect((await list({ query: '%%%' })).total).toBe(0);
    expect(await list({ consent: 'never', source: 'landing_page' })).toMatchObject({
      total: 1,
      leads: [{ email: 'dina@example.no' }],
    });
    // Empty parameters are no filter, as the browser's form sends them.
    expect((await list({ query: '', consent: '', source: '', utm: '' })).total).toBe(4);
    const second = await list({ pageSize: '3', page: '2' });
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(emails(second)).toEqual(['anna@example.no']);
  });

  it('follows consent as it changes: a withdrawal and a renewed grant move the lead between filters', async () => {
    const userId = (await t.db.select().from(users).where(eq(users.email, 'anna@example.no')))[0]!.id;
    await withdrawConsent(t.deps, { email: 'anna@example.no', source: 'unsubscribe_link', client, userId: null });
    expect(emails(await list({ consent: 'withdrawn' }))).toEqual(['cato@example.no', 'anna@example.no']);
    await grantConsent(t.deps, { email: 'anna@example.no', source: 'account', client, userId });
    expect(emails(await list({ consent: 'granted' }))).toEqual(['anna@example.no']);
  });

  it('a lead whose address decided before signing up starts with that decision', async () => {
    const { user } = await t.signIn('eva@example.no');
    await grantConsent(t.deps, { email: 'eva@example.no', source: 'account', client, userId: user.id });
    await signUp('eva@example.no');
    expect((await list({ query: 'eva' })).leads[0]).toMatchObject({ consentMarketing: 'granted', userId: user.id });
  });

  it.each([
    ['?consent=maybe', /Ukjent samtykkefilter \(granted, pending, withdrawn eller never\)$/],
    ['?source=facebook', /Ukjent skjema$/],
    ['?page=0', /Ugyldig side$/],
    [`?query=${'a'.repeat(101)}`, /Søket er for langt$/],
    // The trigram index finds nothing shorter: two characters are refused, not searched another way.
    ['?query=bo', /Skriv minst tre tegn for å søke\.$/],
    ['?utm=a%00b', undefined],
  ])('refuses %s with 400 and a Norwegian message', async (query, message) => {
    await expectApiError(await asAdmin(`/api/admin/leads${query}`), 400, 'validation_error', message);
  });
});

describe('GET /api/admin/leads/export', () => {
  // The export answers CSV (c.body), which the typed client has no type for: read as bytes.
  const download = async (query = '') => {
    const res = await asAdmin(`/api/admin/leads/export${query}`);
    expect(res.status).toBe(200);
    expect(res.trips).toBeLessThanOrEqual(2);
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { res, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
  };

  it('is a dated CSV attachment for Norwegian Excel: semicolons, UTF-8 with a BOM, CRLF lines, Oslo times, words for codes', async () => {
    const { res, bytes, text } = await download();
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    // The test clock stands at 2026-11-21 10:00 in Oslo.
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="leads-2026-11-21.csv"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = parseCsv(text, ';');
    expect(header).toEqual([
      'E-post',
      'Samtykke',
      'Skjema',
      'UTM-kilde',
      'UTM-medium',
      'UTM-kampanje',
      'Påmeldt',
      'Sist aktiv',
      'Bruker',
      'Premium',
    ]);
    expect(rows.map((r) => r[0])).toEqual(['dina@example.no', 'cato@example.no', 'bo@example.no', 'anna@example.no']);
    const [dina, cato, bo, anna] = rows;
    expect(anna).toEqual([
      'anna@example.no',
      'Samtykke gitt',
      'Forsiden',
      'nyhetsbrev',
      'epost',
      'host',
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
      'Ja',
      'Ja',
    ]);
    // Ticked the box, never opened the link.
    expect(bo).toEqual([
      'bo@example.no',
      'Venter på bekreftelse',
      'Innloggingen',
      '',
      '',
      '',
      expect.any(String),
      '',
      'Nei',
      'Nei',
    ]);
    expect(cato!.slice(1, 3)).toEqual(['Samtykke trukket', 'Forsiden']);
    expect(dina!.slice(1, 3)).toEqual(['Aldri samtykket', 'Forsiden']);
  });

  it('comes as RFC 4180 when asked: commas, no byte-order mark, the same cells', async () => {
    const excel = parseCsv((await download()).text, ';');
    const { bytes, text } = await download('?format=rfc4180');
    expect(bytes[0]).not.toBe(0xef);
    expect(text.startsWith('E-post,Samtykke,Skjema,')).toBe(true);
    expect(parseCsv(text, ',')).toEqual(excel);
  });

  it('defuses cells a spreadsheet would run as formulas, and quotes by RFC 4180', async () => {
    const { text } = await download('?query=dina');
    const row = text.split('\r\n')[1]!;
    expect(row).toMatch(
      /^dina@example\.no;Aldri samtykket;Forsiden;"'=HYPERLINK\(""https:\/\/evil\.example""\)";'\+47;'@SUM\(1\);/,
    );
  });

  it('holds only the filtered leads, and the audit log says who took them and how, never the search text', async () => {
    const { text } = await download('?consent=withdrawn&query=cato');
    expect(
      text
        .split('\r\n')
        .filter(Boolean)
        .map((l) => l.split(';')[0]),
    ).toEqual(['\uFEFFE-post', 'cato@example.no']);
    expect(await latestAudit()).toMatchObject({
      actorId: admin.id,
      action: 'lead.export',
      targetType: 'leads',
      details: { consent: 'withdrawn', source: null, utm: null, searched: true, part: 1 },
    });
    expect(JSON.stringify((await latestAudit())!.details)).not.toContain('cato');
  });

  it('comes in parts of 10 000 leads, newest first: a part past the end is the header alone, in its own file', async () => {
    const { res, text } = await download('?part=2');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="leads-2026-11-21-del-2.csv"');
    expect(text).toBe('\uFEFFE-post;Samtykke;Skjema;UTM-kilde;UTM-medium;UTM-kampanje;Påmeldt;Sist aktiv;Bruker;Premium\r\n');
  });

  it('reads a long part page by page: every lead once, newest first, ties in sign-up time kept in order', async () => {
    // 1 203 leads in one millisecond, before the four: pages of 500 continue past each tie.
    const at = new Date(Date.UTC(2020, 0, 1));
    const many = Array.from({ length: 1203 }, (_, i) => ({
      id: `mange-${i}`,
      email: `mange${String(i).padStart(4, '0')}@example.no`,
      source: 'landing',
      createdAt: at,
      updatedAt: at,
    }));
    for (let i = 0; i < many.length; i += 400) await t.db.insert(leads).values(many.slice(i, i + 400));
    const emails = parseCsv((await download()).text, ';')
      .slice(1)
      .map((r) => r[0]);
    // Ties go by insertion, newest first.
    expect(emails).toEqual([
      'dina@example.no',
      'cato@example.no',
      'bo@example.no',
      'anna@example.no',
      ...many.map((l) => l.email).reverse(),
    ]);
  });

  it.each(['?consent=ja', '?part=0', '?part=x', '?format=xlsx'])('refuses %s with 400 and records nothing', async (query) => {
    const before = await latestAudit();
    await expectApiError(await asAdmin(`/api/admin/leads/export${query}`), 400, 'validation_error');
    expect(await latestAudit()).toEqual(before);
  });
});

describe('GET /api/admin/leads/:id/consents', () => {
  const consents = (id: string) => t.as(admin.token).admin.leads[':id'].consents.$get({ param: { id } });

  it('lists the address’s consent events as kept, oldest first, and audits the look, in two round trips', async () => {
    const id = await leadId('cato@example.no');
    const res = await withTrips(() => consents(id));
    expect(res.status).toBe(200);
    expect(res.trips).toBeLessThanOrEqual(2);
    const body = await res.json();
    expect(body.email).toBe('cato@example.no');
    expect(body.events.map((e) => [e.action, e.source, e.confirmsRequest])).toEqual([
      ['terms_accepted', 'landing_page', false],
      ['requested', 'landing_page', false],
      ['granted', 'landing_page', true],
      ['withdrawn', 'account', false],
    ]);
    for (const e of body.events) {
      expect(e.textVersion).toBe('2025-02-03');
      expect(e.client).toMatch(/^[\w-]{16,}$/); // the pseudonym, never the address
      expect(e.client).not.toContain('203.0.113');
    }
    expect(Date.parse(body.events[0]!.at)).toBeLessThanOrEqual(Date.parse(body.events[2]!.at));
    expect(await latestAudit()).toMatchObject({ actorId: admin.id, action: 'lead.consents', targetType: 'lead', targetId: id });
  });

  it('answers 404 for an unknown lead, and audits nothing', async () => {
    const before = await latestAudit();
    await expectApiError(await withTrips(() => consents('no-such-lead')), 404, 'not_found', 'Fant ikke denne leaden.');
    expect(await latestAudit()).toEqual(before);
  });
});
