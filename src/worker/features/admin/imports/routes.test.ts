import { readFileSync } from 'node:fs';
import { and, asc, count, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  consentEvents,
  leads,
  mailQueue,
  memberImportChunks,
  memberImportRows,
  memberImports,
  users,
} from '#db/schema';
import { adminImports } from '#shared/copy/admin/imports';
import { adminTestApp, expectAdminOnly } from '#support/admin-session';
import { expectApiError } from '#support/errors';
import { expectJson, rawBodyOf } from '#support/typed-body';
import { FIXTURES, fileOf } from '#support/upload-fixtures';
import { withdrawConsent } from '#worker/features/privacy/index';
import { runImports } from '#worker/jobs/imports';
import { IMPORT_CHUNK } from './apply';
import { PREVIEW_CHUNK, previewChunk } from './preview';

const ctx = adminTestApp();
const fixture = (name: string) => readFileSync(new URL(`../../../../../tests/fixtures/imports/${name}`, import.meta.url), 'utf8');

/** Uploads a file as the admin's form does (multipart, sent raw: the route reads the form itself). */
async function upload(file: File | null, token = ctx.s.admin.sessionToken) {
  const form = new FormData();
  if (file) form.set('file', file);
  ctx.t.roundTrips.reset();
  const res = await ctx.t.app.request('/api/admin/imports', {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(ctx.t.roundTrips.count).toBeLessThanOrEqual(2);
  return res;
}
const csv = (text: string, name = 'medlemmer.csv') => fileOf(name, new TextEncoder().encode(text), 'text/csv');
const uploaded = async (text: string) => (await rawBodyOf(await upload(csv(text)), ctx.s.api.admin.imports.$post, 201)).import;
const imports = () => ctx.s.api.admin.imports[':id'];
/** Runs the job until it has previewed every uploaded file, as the runtimes' schedules do. */
async function previewAll() {
  while ((await runImports(ctx.t.deps)).previewed > 0);
}
/** Uploads a file and lets the job preview it: the import as the admin's screen then shows it. */
async function preview(text: string) {
  const imp = await uploaded(text);
  await previewAll();
  return status(imp.id);
}
const run = (id: string, sendWelcome?: boolean) =>
  expectJson(imports().run.$post({ param: { id }, json: sendWelcome === undefined ? {} : { sendWelcome } }), 202);
const status = async (id: string) => (await expectJson(imports().$get({ param: { id } }))).import;
/** Runs the job until nothing is left, as the runtimes' schedules do. */
async function finish() {
  while ((await runImports(ctx.t.deps)).rows > 0);
}
const user = async (email: string) => (await ctx.t.db.select().from(users).where(eq(users.email, email)))[0];
const consents = (email: string) =>
  ctx.t.db.select().from(consentEvents).where(eq(consentEvents.email, email)).orderBy(asc(consentEvents.createdAt));
const welcomeMails = () => ctx.t.db.select().from(mailQueue).where(like(mailQueue.dedupeKey, 'import-welcome:%'));

/** What a second import must leave as it is: every member, consent, lead and mail. */
async function snapshot() {
  const db = ctx.t.db;
  return {
    users: await db.select().from(users).orderBy(asc(users.email)),
    consents: await db.select().from(consentEvents).orderBy(asc(consentEvents.id)),
    leads: await db.select().from(leads).orderBy(asc(leads.email)),
    mails: await db.select({ n: count() }).from(mailQueue),
  };
}

describe('POST /api/admin/imports (Ghost)', () => {
  it('answers at once with the import previewing: the rows wait, read and checked, for the job', async () => {
    const imp = await uploaded(fixture('ghost-members.csv'));
    expect(imp).toMatchObject({ format: 'ghost', status: 'previewing', total: 6, preview: { new: 0, updated: 0, skipped: 0 } });
    expect(await ctx.t.db.select().from(memberImportRows)).toEqual([]);
    expect(await ctx.t.db.select().from(memberImportChunks)).toHaveLength(1);
    await previewAll();
    expect(await status(imp.id)).toMatchObject({ status: 'previewed', preview: { new: 4, updated: 0, skipped: 2 } });
    expect(await ctx.t.db.select().from(memberImportChunks)).toEqual([]);
  });

  it('tells the format, counts new/updated/skipped and gives each skipped row its Norwegian reason; nothing changes yet', async () => {
    const before = await snapshot();
    const imp = await preview(fixture('ghost-members.csv'));
    expect(imp).toMatchObject({
      format: 'ghost',
      status: 'previewed',
      total: 6,
      done: 0,
      preview: { new: 4, updated: 0, skipped: 2 },
    });
    expect(imp.skippedRows).toEqual([
      { row: 4, email: 'ikke-en-adresse', reason: 'invalid_email', message: adminImports.reasons.invalid_email },
      { row: 5, email: 'kari.nordmann@example.no', reason: 'duplicate', message: adminImports.reasons.duplicate },
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('runs in the background: paid time left becomes Premium without a charge, consent only with its date, nobody is mailed', async () => {
    const imp = await preview(fixture('ghost-members.csv'));
    expect((await run(imp.id)).import).toMatchObject({ status: 'running', sendWelcome: false, done: 0 });
    await finish();
    expect(await status(imp.id)).toMatchObject({ status: 'done', done: 6, total: 6 });

    const kari = await user('kari.nordmann@example.no');
    expect(kari).toMatchObject({ firstName: 'Kari', isPremium: true, premiumPlan: 'admin_granted' });
    // Through the whole of 1 March 2099.
    expect(kari!.premiumEndDate).toEqual(new Date(Date.UTC(2099, 2, 2)));
    expect(await consents('kari.nordmann@example.no')).toMatchObject([
      { action: 'granted', source: 'import:ghost', userId: kari!.id, createdAt: new Date('2024-03-14T09:12:45.000Z') },
    ]);
    // Not subscribed to e-mails there: no consent here either.
    expect(await consents('ola@example.no')).toEqual([]);
    expect(await user('utlopt@example.no')).toMatchObject({ isPremium: false, premiumPlan: null });
    const lead = (await ctx.t.db.select().from(leads).where(eq(leads.email, 'per.gratis@example.no')))[0];
    expect(lead).toMatchObject({ source: 'import:ghost', consentDecision: 'granted' });
    expect(await welcomeMails()).toEqual([]);
    const [audit] = await ctx.t.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'import.run'));
    expect(audit).toMatchObject({ targetId: imp.id, actorId: ctx.s.admin.user.id });
  });

  it('a second import of the same file previews every row as unchanged and changes nothing', async () => {
    const first = await preview(fixture('ghost-members.csv'));
    await run(first.id, true);
    await finish();
    const before = await snapshot();

    const again = await preview(fixture('ghost-members.csv'));
    expect(again.preview).toEqual({ new: 0, updated: 0, skipped: 6 });
    expect(again.skippedRows.filter((r) => r.reason === 'unchanged')).toHaveLength(4);
    await run(again.id, true);
    await finish();
    expect(await status(again.id)).toMatchObject({ status: 'done', done: 6 });
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /api/admin/imports (Kajabi, plain)', () => {
  it("reads Kajabi's contacts export: consent dated by Created At with its offset", async () => {
    const imp = await preview(fixture('kajabi-contacts.csv'));
    expect(imp).toMatchObject({ format: 'kajabi', total: 3, preview: { new: 2, updated: 0, skipped: 1 } });
    expect(imp.skippedRows[0]).toMatchObject({ row: 3, reason: 'invalid_email' });
    await run(imp.id);
    await finish();
    expect(await user('lise.berg@example.no')).toMatchObject({ firstName: 'Lise', isPremium: false });
    expect(await consents('lise.berg@example.no')).toMatchObject([
      { action: 'granted', source: 'import:kajabi', createdAt: new Date('2023-09-01T15:15:00.000Z') },
    ]);
    expect(await consents('jon.dahl@example.no')).toEqual([]);
  });

  it('plain CSV: updates a member we have, keeps a running subscription and a withdrawal made here, mails only when ticked', async () => {
    const anne = await ctx.t.signIn('anne@example.no');
    await withdrawConsent(ctx.t.deps, {
      email: 'anne@example.no',
      source: 'account',
      userId: anne.user.id,
      client: { ip: '203.0.113.1', userAgent: 'Test' },
    });
    const cecilie = await ctx.t.signIn('cecilie@example.no');
    const paidUntil = new Date(Date.UTC(2030, 0, 1));
    await ctx.t.db
      .update(users)
      .set({ isPremium: true, premiumPlan: 'yearly', premiumEndDate: paidUntil })
      .where(eq(users.id, cecilie.user.id));

    const imp = await preview(fixture('plain.csv'));
    expect(imp).toMatchObject({ format: 'plain', total: 5, preview: { new: 1, updated: 2, skipped: 2 } });
    expect(imp.skippedRows.map((r) => [r.row, r.reason])).toEqual([
      [4, 'bad_date'],
      [5, 'bad_plan'],
    ]);
    await run(imp.id, true);
    await finish();

    expect(await user('anne@example.no')).toMatchObject({ firstName: 'Anne', isPremium: true, premiumPlan: 'admin_granted' });
    // The withdrawal made here stands: the file's consent is older news.
    expect((await consents('anne@example.no')).map((c) => c.action)).toEqual(['withdrawn']);
    expect(await user('cecilie@example.no')).toMatchObject({
      premiumPlan: 'yearly',
      premiumEndDate: paidUntil,
      firstName: 'Cecilie',
    });
    // "ja" without a date is no proof.
    expect(await consents('bjorn@example.no')).toEqual([]);

    const mails = await welcomeMails();
    expect(mails.map((m) => m.to).sort()).toEqual(['anne@example.no', 'bjorn@example.no', 'cecilie@example.no']);
    const anneMail = mails.find((m) => m.to === 'anne@example.no')!;
    expect(anneMail.text).toContain('Du har Premium til 31.12.2099');
    expect(anneMail.text).toContain('http://localhost:4321/guide/login');
    expect(mails.find((m) => m.to === 'bjorn@example.no')!.text).not.toContain('Premium');
  });
});

describe('progress and resuming', () => {
  it('previews a chunk per step (a run with its budget spent still does one), shows the counts growing, and resumes after a restart', async () => {
    const rows = Array.from({ length: PREVIEW_CHUNK * 2 + 3 }, (_, i) => `forhand${i}@example.no,Forhand,,,`);
    const imp = await uploaded(['email,name,consent,premium_until,plan', ...rows].join('\n'));
    // One chunk, then the run stops: its budget is spent.
    expect(await runImports(ctx.t.deps, { budgetMs: 0 })).toMatchObject({ previewed: PREVIEW_CHUNK, rows: 0 });
    expect(await status(imp.id)).toMatchObject({ status: 'previewing', preview: { new: PREVIEW_CHUNK, updated: 0, skipped: 0 } });
    // Not before the preview is done: 409, nothing started.
    await expectApiError(await imports().run.$post({ param: { id: imp.id }, json: {} }), 409, 'import_still_previewing');
    // A restart: the next run finds the chunks left in the database and goes on.
    await runImports(ctx.t.deps, { budgetMs: 0 });
    expect((await status(imp.id)).preview.new).toBe(PREVIEW_CHUNK * 2);
    await previewAll();
    expect(await status(imp.id)).toMatchObject({ status: 'previewed', preview: { new: rows.length, updated: 0, skipped: 0 } });
    expect(await ctx.t.db.select({ n: count() }).from(users).where(like(users.email, 'forhand%'))).toEqual([{ n: 0 }]);
  });

  it('a large file is stored a few chunks per insert on the embedded file; the job meanwhile waits for all of it', async () => {
    // 17 chunks: one batch with the import and 8, then two inserts, each after a turn of the event loop.
    const rows = Array.from({ length: PREVIEW_CHUNK * 16 + 5 }, (_, i) => `stor${i}@example.no,,,,`);
    const form = new FormData();
    form.set('file', csv(['email,name,consent,premium_until,plan', ...rows].join('\n')));
    // Sent beside the job's runs, whose statements the round-trip counter would count with it.
    const sent = Promise.resolve(
      ctx.t.app.request('/api/admin/imports', {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${ctx.s.admin.sessionToken}` },
      }),
    );
    let answered = false;
    void sent.finally(() => (answered = true));
    const seen = new Set<string>();
    while (!answered) {
      // A job quicker than the upload: every chunk stored so far is previewed within one turn.
      for (const { id } of await ctx.t.db.select({ id: memberImports.id }).from(memberImports)) {
        while ((await previewChunk(ctx.t.deps, id)) > 0);
      }
      for (const i of await ctx.t.db.select({ status: memberImports.status }).from(memberImports)) seen.add(i.status);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(seen).not.toContain('previewed');
    const imp = (await rawBodyOf(await sent, ctx.s.api.admin.imports.$post, 201)).import;
    await previewAll();
    expect(await status(imp.id)).toMatchObject({ status: 'previewed', total: rows.length, preview: { new: rows.length } });
  });

  it('two runners at once preview each chunk once', async () => {
    const rows = Array.from({ length: PREVIEW_CHUNK + 1 }, (_, i) => `samtidig${i}@example.no,,,,`);
    const imp = await uploaded(['email,name,consent,premium_until,plan', ...rows].join('\n'));
    await Promise.all([runImports(ctx.t.deps), runImports(ctx.t.deps)]);
    await previewAll();
    expect(await status(imp.id)).toMatchObject({ status: 'previewed', preview: { new: rows.length, updated: 0, skipped: 0 } });
  });

  it('applies a chunk per step, tells done of total, and a stopped job resumes where it was', async () => {
    const rows = Array.from({ length: IMPORT_CHUNK * 2 + 7 }, (_, i) => `medlem${i}@example.no,Medlem,,,`);
    const imp = await preview(['email,name,consent,premium_until,plan', ...rows].join('\n'));
    await run(imp.id);
    await runImports(ctx.t.deps, { budgetMs: 0 });
    expect(await status(imp.id)).toMatchObject({ status: 'running', done: IMPORT_CHUNK, total: rows.length });
    // A restart: the next run reads `done` from the database and goes on.
    await runImports(ctx.t.deps, { budgetMs: 0 });
    expect(await status(imp.id)).toMatchObject({ done: IMPORT_CHUNK * 2 });
    await finish();
    expect(await status(imp.id)).toMatchObject({ status: 'done', done: rows.length });
    const [made] = await ctx.t.db.select({ n: count() }).from(users).where(like(users.email, 'medlem%'));
    expect(made!.n).toBe(rows.length);
  });
});

describe('bad files and requests', () => {
  it('answers a Norwegian 400 for a file that is not CSV, too large, has an unknown header, no rows or too many', async () => {
    await expectApiError(await upload(fileOf('bilde.csv', FIXTURES.png)), 400, 'import_not_csv');
    await expectApiError(await upload(csv('email,name\n"uavsluttet,Ola\n')), 400, 'import_not_csv');
    // Saved as Latin-1 («ø» one byte, 0xF8): not UTF-8, though no byte is NUL.
    const latin1 = Uint8Array.from('email,name\nola@example.no,Øystein\n', (ch) => ch.charCodeAt(0));
    await expectApiError(await upload(fileOf('latin1.csv', latin1, 'text/csv')), 400, 'import_not_csv');
    await expectApiError(await upload(csv('x'.repeat(10 * 1024 * 1024 + 1))), 400, 'import_too_large');
    await expectApiError(await upload(csv('navn;telefon\nOla;123\n')), 400, 'import_unknown_header', /Ghost/);
    await expectApiError(await upload(csv('email,name,consent,premium_until,plan\n')), 400, 'import_empty');
    const many = ['email', ...Array.from({ length: 50_001 }, (_, i) => `m${i}@example.no`)].join('\n');
    await expectApiError(await upload(csv(many)), 400, 'import_too_large');
    await expectApiError(await upload(null), 400, 'file_missing');
    expect(await ctx.t.db.select().from(memberImports)).toEqual([]);
  });

  it('answers a Norwegian 400 for a form that is not whole, and 415 for a body that is no form', async () => {
    const sent = (body: string, contentType: string) =>
      ctx.t.app.request('/api/admin/imports', {
        method: 'POST',
        body,
        headers: { authorization: `Bearer ${ctx.s.admin.sessionToken}`, 'content-type': contentType },
      });
    // Cut off in the middle of the file: the closing boundary never comes.
    const cut = '--grense\r\nContent-Disposition: form-data; name="file"; filename="m.csv"\r\n\r\nemail\r\nola@example.no';
    await expectApiError(await sent(cut, 'multipart/form-data; boundary=grense'), 400, 'invalid_form', /skjema/i);
    await expectApiError(await sent('email\nola@example.no\n', 'multipart/form-data'), 400, 'invalid_form');
    await expectApiError(await sent('email\nola@example.no\n', 'text/csv'), 415, 'unsupported_media_type');
    expect(await ctx.t.db.select().from(memberImports)).toEqual([]);
  });

  it('run: 400 for a bad body, 404 for an unknown import, 409 once started; GET 404', async () => {
    const imp = await preview(fixture('plain.csv'));
    const res = await ctx.t.request(`/api/admin/imports/${imp.id}/run`, {
      method: 'POST',
      json: { sendWelcome: 'ja' },
      token: ctx.s.admin.sessionToken,
    });
    await expectApiError(res, 400, 'validation_error');
    await expectApiError(await imports().run.$post({ param: { id: 'ukjent' }, json: {} }), 404, 'import_not_found');
    await expectApiError(await imports().$get({ param: { id: 'ukjent' } }), 404, 'import_not_found');
    await run(imp.id);
    await expectApiError(await imports().run.$post({ param: { id: imp.id }, json: {} }), 409, 'import_already_started');
    expect(
      await ctx.t.db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.action, 'import.run'))),
    ).toHaveLength(1);
  });

  it('is for admins only: 401 without a session, 403 for a member', async () => {
    await expectAdminOnly(ctx.t, ctx.s.user.sessionToken, [
      ['GET', '/api/admin/imports/x'],
      ['POST', '/api/admin/imports/x/run', {}],
    ]);
    await expectApiError(await upload(csv('email\na@example.no\n'), 'ugyldig'), 401, 'unauthenticated');
    await expectApiError(await upload(csv('email\na@example.no\n'), ctx.s.user.sessionToken), 403, 'forbidden');
  });
});
