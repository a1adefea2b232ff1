import { and, eq, gte, lt } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { describe, expect, it } from 'vitest';
import { mailOutbox, mailQueue } from '#db/schema';
import type { NewsletterInput } from '#shared/schemas/admin/newsletters';
import { appPerTest } from '#support/app';
import { audience } from '#support/audience';
import { countOnlyTheRoute, roundTripsOf } from '#support/budget';
import { expectApiError } from '#support/errors';
import { sendDueNewsletters, type NewsletterReport } from '#worker/jobs/newsletters';

const t = appPerTest({ env: { NEWSLETTER_RATE_PER_MINUTE: '1000' } });
const ADMIN = 'admin@soloprenor.no';
const DRAFT: NewsletterInput = {
  subject: 'Ukens tips',
  markdown: '# Hei!\n\nLes mer i [guiden](/guide).',
  segment: { kind: 'free' },
};

const admin = async () => (await t.signIn(ADMIN)).sessionToken;
const newsletters = (token: string) => t.as(token).admin.newsletters;
const create = async (token: string, draft: NewsletterInput = DRAFT) => {
  const res = await newsletters(token).$post({ json: draft });
  expect(res.status).toBe(201);
  return (await res.json()).newsletter;
};
const read = async (token: string, id: string) =>
  (await (await newsletters(token)[':id'].$get({ param: { id } })).json()).newsletter;
const replace = (token: string, id: string, json: NewsletterInput) => newsletters(token)[':id'].$put({ param: { id }, json });
const sendNow = (token: string, id: string) => newsletters(token)[':id'].send.$post({ param: { id }, json: {} });
const cancel = (token: string, id: string) => newsletters(token)[':id'].cancel.$post({ param: { id } });
type SegmentQuery = InferRequestType<ReturnType<typeof newsletters>['segment-count']['$get']>['query'];
const queuedFor = (id: string) =>
  t.db
    .select()
    .from(mailQueue)
    .where(and(gte(mailQueue.dedupeKey, `newsletter:${id}:`), lt(mailQueue.dedupeKey, `newsletter:${id};`)));
/** Runs the send job and delivers what it queued. */
const runJob = async () => {
  const report = await sendDueNewsletters(t.deps, { budgetMs: Infinity });
  await t.deliverMail();
  return report;
};

/** `n` free users whose marketing consent stands, written in batches of 100 (more than a hand-over batch). */
async function consentedUsers(n: number) {
  for (let i = 0; i < n; i += 100) {
    await t.client.batch(
      Array.from({ length: 100 }, (_, k) => ({
        sql: `INSERT INTO users (id, email, created_at, last_modified_at) VALUES (?, ?, 0, 0)`,
        args: [`u${i + k}`, `u${String(i + k).padStart(4, '0')}@example.no`],
      })),
      'write',
    );
    await t.client.execute({
      sql: `INSERT INTO consent_events (id, email, action, text_version, source, client_hash, created_at)
            SELECT 'c-' || id, email, 'granted', 'v1', 'landing_page', 'x', 0 FROM users WHERE id LIKE 'u%'
            ON CONFLICT DO NOTHING`,
    });
  }
}

describe('POST /api/admin/newsletters', () => {
  it('saves a draft and answers its id and status', async () => {
    const token = await admin();
    const res = await newsletters(token).$post({ json: DRAFT });
    expect(res.status).toBe(201);
    const { newsletter } = await res.json();
    expect(newsletter).toEqual({ id: expect.any(String), status: 'draft' });
    expect(await read(token, newsletter.id)).toMatchObject({
      subject: 'Ukens tips',
      segment: { kind: 'free' },
      status: 'draft',
      recipients: 0,
      sent: 0,
      failed: 0,
      unsubscribed: 0,
    });
  });

  it('refuses a draft without subject, with a two-line subject, or an inactive segment without days, in Norwegian', async () => {
    const token = await admin();
    const post = (json: unknown) => t.request('/api/admin/newsletters', { json, token });
    await expectApiError(await post({ ...DRAFT, subject: ' ' }), 400, 'validation_error', /Skriv et emne\./);
    await expectApiError(await post({ ...DRAFT, subject: 'To\nlinjer' }), 400, 'validation_error');
    await expectApiError(await post({ ...DRAFT, segment: { kind: 'inactive' } }), 400, 'validation_error');
    await expectApiError(await post({ ...DRAFT, segment: { kind: 'alle' } }), 400, 'validation_error');
    await expectApiError(await post({ ...DRAFT, markdown: '' }), 400, 'validation_error', /Skriv innholdet i brevet\./);
  });

  it('answers 401 without a session and 403 to someone who is not an admin', async () => {
    await expectApiError(await t.request('/api/admin/newsletters', { json: DRAFT }), 401, 'unauthenticated');
    const { sessionToken } = await t.signIn('kari@example.no');
    await expectApiError(await t.request('/api/admin/newsletters', { json: DRAFT, token: sessionToken }), 403, 'forbidden');
  });
});

describe('GET and PUT /api/admin/newsletters/:id, GET /api/admin/newsletters', () => {
  it('lists newsletters newest first, and replaces a draft', async () => {
    const token = await admin();
    const first = await create(token);
    t.clock.advance(1000);
    const second = await create(token, { ...DRAFT, subject: 'Nummer to', segment: { kind: 'inactive', days: 30 } });
    const list = await (await newsletters(token).$get()).json();
    expect(list.newsletters.map((n) => n.id)).toEqual([second.id, first.id]);
    expect(list.newsletters[0]!.segment).toEqual({ kind: 'inactive', days: 30 });

    const res = await replace(token, first.id, { ...DRAFT, subject: 'Nytt emne', segment: { kind: 'leads' } });
    expect(res.status).toBe(200);
    expect(await read(token, first.id)).toMatchObject({ subject: 'Nytt emne', segment: { kind: 'leads' } });
    await replace(token, first.id, { ...DRAFT, segment: { kind: 'tag', tag: 'kjøpt' } });
    expect(await read(token, first.id)).toMatchObject({ segment: { kind: 'tag', tag: 'kjøpt' } });
  });

  it('answers 404 for an unknown newsletter, 409 for a change to one already sent or scheduled, 400 for bad input', async () => {
    const token = await admin();
    await expectApiError(await newsletters(token)[':id'].$get({ param: { id: 'finnes-ikke' } }), 404, 'not_found');
    await expectApiError(await replace(token, 'finnes-ikke', DRAFT), 404, 'not_found');
    const { id } = await create(token);
    await sendNow(token, id);
    await expectApiError(await replace(token, id, DRAFT), 409, 'newsletter_not_draft');
    await expectApiError(await replace(token, id, { ...DRAFT, subject: '' }), 400, 'validation_error');
  });

  it('answers 401 and 403 on every read and write', async () => {
    const token = await admin();
    const { id } = await create(token);
    const { sessionToken: learner } = await t.signIn('kari@example.no');
    const calls: [string, { method?: string; json?: unknown }][] = [
      ['/api/admin/newsletters', {}],
      [`/api/admin/newsletters/${id}`, {}],
      [`/api/admin/newsletters/${id}`, { method: 'PUT', json: DRAFT }],
      [`/api/admin/newsletters/${id}/test`, { method: 'POST' }],
      [`/api/admin/newsletters/${id}/send`, { json: {} }],
      [`/api/admin/newsletters/${id}/cancel`, { method: 'POST' }],
      ['/api/admin/newsletters/preview', { json: DRAFT }],
      ['/api/admin/newsletters/segment-count?kind=free', {}],
    ];
    for (const [path, init] of calls) {
      await expectApiError(await t.request(path, init), 401, 'unauthenticated');
      await expectApiError(await t.request(path, { ...init, token: learner }), 403, 'forbidden');
    }
  });
});

describe('GET /api/admin/newsletters/segment-count', () => {
  it('counts only people whose marketing consent stands, in each segment', async () => {
    const token = await admin();
    const people = audience(t);
    await people.lead('lead.ja@example.no');
    await people.lead('lead.nei@example.no', 'withdrawn');
    await people.lead('lead.aldri@example.no', null);
    await people.user('gratis.ja@example.no');
    await people.user('gratis.nei@example.no', { consent: 'withdrawn' });
    await people.user('gratis.deaktivert@example.no', { active: false });
    await people.user('premium.ja@example.no', { premium: true });
    await people.user('premium.nei@example.no', { premium: true, consent: null });
    await people.user('sovende@example.no', { lastActive: 60 * 86_400_000 });
    const count = async (query: SegmentQuery) => (await (await newsletters(token)['segment-count'].$get({ query })).json()).count;
    expect(await count({ kind: 'leads' })).toBe(1);
    // The admin signed in (no consent) is not counted; the sleeper is a free user too.
    expect(await count({ kind: 'free' })).toBe(2);
    expect(await count({ kind: 'premium' })).toBe(1);
    expect(await count({ kind: 'inactive', days: '30' })).toBe(1);
    expect(await count({ kind: 'inactive', days: '90' })).toBe(0);
    // A withdrawal now takes the person out at once.
    await people.consent('premium.ja@example.no', 'withdrawn');
    expect(await count({ kind: 'premium' })).toBe(0);
  });

  it("counts everyone with consent once, leads whether or not they signed in, and a tag's carriers", async () => {
    const token = await admin();
    const people = audience(t);
    await people.lead('lead.ja@example.no');
    await people.lead('lead.nei@example.no', 'withdrawn');
    // Signed up through the form and opened the link since: a user and still a lead, until Premium.
    await people.user('gratis.ja@example.no');
    await people.lead('gratis.ja@example.no');
    await people.user('premium.ja@example.no', { premium: true });
    await people.lead('premium.ja@example.no');
    await people.user('deaktivert@example.no', { active: false });
    await people.lead('deaktivert@example.no');
    await people.user('uten.skjema@example.no');
    await t.client.execute(`INSERT INTO user_tags (user_id, tag) SELECT id, 'vip' FROM users WHERE email LIKE '%.ja@%'`);
    const count = async (query: SegmentQuery) => (await (await newsletters(token)['segment-count'].$get({ query })).json()).count;
    expect(await count({ kind: 'consented' })).toBe(4);
    expect(await count({ kind: 'leads' })).toBe(2);
    expect(await count({ kind: 'tag', tag: 'vip' })).toBe(2);
    expect(await count({ kind: 'tag', tag: 'kjøpt' })).toBe(0);
    await people.consent('gratis.ja@example.no', 'withdrawn');
    expect(await count({ kind: 'consented' })).toBe(3);
    expect(await count({ kind: 'tag', tag: 'vip' })).toBe(1);
  });

  it('refuses an unknown segment or days out of range', async () => {
    const token = await admin();
    // A kind the typed client would not send: raw.
    await expectApiError(await t.request('/api/admin/newsletters/segment-count?kind=alle', { token }), 400, 'validation_error');
    await expectApiError(await t.request('/api/admin/newsletters/segment-count?kind=tag', { token }), 400, 'validation_error');
    await expectApiError(
      await newsletters(token)['segment-count'].$get({ query: { kind: 'inactive', days: '0' } }),
      400,
      'validation_error',
    );
  });
});

describe('POST /api/admin/newsletters/preview', () => {
  it('renders the mail as it goes out: the Markdown, links made absolute, the footer with the postal address', async () => {
    const token = await admin();
    const res = await newsletters(token).preview.$post({
      json: { subject: 'Tips', markdown: '## Tre verktøy\n\n- **Canva**\n- [Guiden](/guide)\n\n<script>alert(1)</script>' },
    });
    expect(res.status).toBe(200);
    const { html, text } = await res.json();
    expect(html).toContain('<h2>Tre verktøy</h2>');
    expect(html).toContain('<strong>Canva</strong>');
    expect(html).toContain('href="http://localhost:4321/guide"');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('Soloprenør AS, Strandkaien 2, 5013 Bergen');
    expect(html).toContain('/avmelding?token=');
    // The plain text is the Markdown itself, readable as it is, with the site's paths made whole.
    expect(text).toContain('- **Canva**\n- [Guiden](http://localhost:4321/guide)');
    expect(text).toContain('Soloprenør AS, Strandkaien 2, 5013 Bergen');
  });

  it('refuses an empty subject', async () => {
    const token = await admin();
    await expectApiError(
      await newsletters(token).preview.$post({ json: { subject: '', markdown: 'x' } }),
      400,
      'validation_error',
    );
  });
});

describe('POST /api/admin/newsletters/:id/test', () => {
  it('sends the real mail to the signed-in admin, marked as a test, with the unsubscribe headers', async () => {
    const token = await admin();
    const { id } = await create(token);
    const res = await newsletters(token)[':id'].test.$post({ param: { id } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: ADMIN });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.subject, '[Test] Ukens tips'));
    expect(mail).toMatchObject({ to: ADMIN });
    expect(mail!.html).toContain('http://localhost:4321/guide');
    const [queued] = await t.db.select().from(mailQueue).where(eq(mailQueue.subject, '[Test] Ukens tips'));
    expect(queued).toMatchObject({ status: 'sent', kind: 'marketing' });
    expect(queued!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    // A test sends to nobody else and changes nothing.
    expect((await read(token, id)).status).toBe('draft');
  });

  it('answers 404 for an unknown newsletter', async () => {
    await expectApiError(await newsletters(await admin())[':id'].test.$post({ param: { id: 'finnes-ikke' } }), 404, 'not_found');
  });
});

describe('sending', () => {
  it('sends now to the segment’s consented people, each once, and counts sent and unsubscribed after it', async () => {
    const token = await admin();
    const people = audience(t);
    await people.user('a@example.no');
    await people.user('b@example.no');
    await people.user('c@example.no');
    await people.user('nei@example.no', { consent: 'withdrawn' });
    const { id } = await create(token);
    // Consent is read at send time: c withdraws after the draft was written, d consents after.
    await people.consent('c@example.no', 'withdrawn');
    await people.user('d@example.no');

    const res = await sendNow(token, id);
    expect(res.status).toBe(200);
    // Sending from the moment "Send nå" is pressed: the admin sees "Sender", and the counts rise.
    expect((await res.json()).newsletter).toMatchObject({ status: 'sending', startedAt: expect.any(String), sent: 0 });
    expect(await runJob()).toMatchObject({ started: 0, queued: 3, finished: 1 });
    expect(await read(token, id)).toMatchObject({ status: 'sent', recipients: 3, sent: 3 });
    expect(await runJob()).toMatchObject({ started: 0, queued: 0 });

    const queued = await queuedFor(id);
    expect(queued.map((m) => m.to).sort()).toEqual(['a@example.no', 'b@example.no', 'd@example.no']);
    expect(queued.every((m) => m.kind === 'marketing' && m.status === 'sent')).toBe(true);
    // Each mail carries its own recipient's unsubscribe link.
    for (const m of queued) {
      const token = `${Buffer.from(m.to).toString('base64url')}.`;
      expect(m.text).toContain(`/avmelding?token=${token}`);
      expect(m.headers!['List-Unsubscribe']).toContain(`/api/unsubscribe?token=${token}`);
    }

    t.clock.advance(60_000);
    await people.consent('a@example.no', 'withdrawn');
    expect(await read(token, id)).toMatchObject({ status: 'sent', recipients: 3, sent: 3, failed: 0, unsubscribed: 1 });
    await expectApiError(await sendNow(token, id), 409, 'newsletter_not_draft');
  });

  it('checks consent and the suppression list again when a recipient’s turn comes', async () => {
    const token = await admin();
    const people = audience(t);
    for (const who of ['a', 'b', 'c']) await people.user(`${who}@example.no`);
    t.deps.config = { ...t.deps.config, NEWSLETTER_RATE_PER_MINUTE: 1 };
    const { id } = await create(token);
    await sendNow(token, id);
    expect(await runJob()).toMatchObject({ queued: 1 });
    await people.consent('b@example.no', 'withdrawn');
    await t.client.execute("INSERT INTO mail_suppressions (email, reason) VALUES ('c@example.no', 'bounce')");
    t.clock.advance(61_000);
    await runJob();
    t.clock.advance(61_000);
    await runJob();
    expect((await queuedFor(id)).map((m) => m.to)).toEqual(['a@example.no']);
    expect(await read(token, id)).toMatchObject({ status: 'sent', recipients: 3, sent: 1, skipped: 2 });
  });

  it('goes at the configured pace: NEWSLETTER_RATE_PER_MINUTE recipients a minute', async () => {
    const token = await admin();
    const people = audience(t);
    for (let i = 0; i < 25; i++) await people.user(`p${String(i).padStart(2, '0')}@example.no`);
    t.deps.config = { ...t.deps.config, NEWSLETTER_RATE_PER_MINUTE: 10 };
    const { id } = await create(token);
    await sendNow(token, id);
    expect((await runJob()).queued).toBe(10);
    t.clock.advance(30_000);
    expect((await runJob()).queued).toBe(0);
    t.clock.advance(31_000);
    expect((await runJob()).queued).toBe(10);
    t.clock.advance(61_000);
    expect(await runJob()).toMatchObject({ queued: 5, finished: 1 });
    expect(await queuedFor(id)).toHaveLength(25);
  });

  it('shares the pace between newsletters sending at once: the provider’s limit is one', async () => {
    const token = await admin();
    const people = audience(t);
    for (let i = 0; i < 8; i++) await people.user(`q${i}@example.no`);
    t.deps.config = { ...t.deps.config, NEWSLETTER_RATE_PER_MINUTE: 10 };
    const first = await create(token);
    const second = await create(token);
    await sendNow(token, first.id);
    await sendNow(token, second.id);
    // 16 mails in all: 10 in the first minute, whichever newsletter they belong to, then the other 6.
    expect((await runJob()).queued).toBe(10);
    t.clock.advance(30_000);
    expect((await runJob()).queued).toBe(0);
    t.clock.advance(31_000);
    expect((await runJob()).queued).toBe(6);
    expect((await queuedFor(first.id)).length + (await queuedFor(second.id)).length).toBe(16);
    // A newsletter that ended within the minute still counts against it.
    const third = await create(token);
    await sendNow(token, third.id);
    expect((await runJob()).queued).toBe(4);
  });

  it('a run that used up its time stops, and the next runs go on where it stopped: each recipient once', async () => {
    const token = await admin();
    await consentedUsers(1200);
    const { id } = await create(token);
    await sendNow(token, id);
    // No time at all: each run takes one step (the snapshot, or a hand-over of 500), then leaves the rest to the next.
    const runs: NewsletterReport[] = [];
    for (let i = 0; i < 20 && (await read(token, id)).status !== 'sent'; i++) {
      runs.push(await sendDueNewsletters(t.deps, { budgetMs: -1 }));
      t.clock.advance(61_000); // past the pace's minute
    }
    expect(runs.map((r) => r.queued)).toEqual([500, 500, 200]);
    expect((await read(token, id)).status).toBe('sent');
    const queued = await queuedFor(id);
    expect(queued).toHaveLength(1200);
    expect(new Set(queued.map((m) => m.to)).size).toBe(1200);
  });

  it('survives a crash mid-send: the next run sends the rest, nobody twice, nobody skipped', async () => {
    const token = await admin();
    await consentedUsers(1200);
    const { id } = await create(token);
    await sendNow(token, id);
    // The process dies after the snapshot and one hand-over batch (500): the second batch never commits.
    const { db } = t.deps;
    let batches = 0;
    const dying = new Proxy(db, {
      get(target, key, receiver) {
        if (key === 'batch')
          return (...args: Parameters<typeof db.batch>) => {
            // 1: start, 2: first hand-over (500), 3: the second one — it dies here.
            if (++batches === 3) return Promise.reject(new Error('SIGKILL'));
            return target.batch(...args);
          };
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    // No time budget: on a busy machine the run's 250 ms could end it before the batch that dies.
    await expect(sendDueNewsletters({ ...t.deps, db: dying }, { budgetMs: Infinity })).rejects.toThrow('SIGKILL');
    expect(await queuedFor(id)).toHaveLength(500);
    expect((await read(token, id)).status).toBe('sending');

    // A minute later, two runners at once pick up where it stopped.
    t.clock.advance(61_000);
    await Promise.all([sendDueNewsletters(t.deps, { budgetMs: Infinity }), sendDueNewsletters(t.deps, { budgetMs: Infinity })]);
    const queued = await queuedFor(id);
    expect(queued).toHaveLength(1200);
    expect(new Set(queued.map((m) => m.to)).size).toBe(1200);
    expect(await read(token, id)).toMatchObject({ status: 'sent', recipients: 1200 });
  });
});

describe('POST /api/admin/newsletters/:id/send with a time, and /cancel', () => {
  it('waits for its time, and a cancelled send never goes', async () => {
    const token = await admin();
    await audience(t).user('a@example.no');
    const { id } = await create(token);
    const at = new Date(t.clock.now() + 2 * 3_600_000).toISOString();
    const res = await newsletters(token)[':id'].send.$post({ param: { id }, json: { at } });
    expect((await res.json()).newsletter).toMatchObject({ status: 'scheduled', scheduledAt: at });
    expect(await runJob()).toMatchObject({ started: 0 });

    const canceled = await cancel(token, id);
    expect(canceled.status).toBe(200);
    expect((await canceled.json()).newsletter.status).toBe('canceled');
    t.clock.advance(3 * 3_600_000);
    expect(await runJob()).toMatchObject({ started: 0, queued: 0 });
    expect(await queuedFor(id)).toHaveLength(0);
    await expectApiError(await cancel(token, id), 409, 'newsletter_not_cancelable');
  });

  it('cancels a send under way: nobody else is handed over, and mail still waiting is cancelled', async () => {
    const token = await admin();
    for (const who of ['a', 'b', 'c']) await audience(t).user(`${who}@example.no`);
    t.deps.config = { ...t.deps.config, NEWSLETTER_RATE_PER_MINUTE: 1 };
    const { id } = await create(token);
    await sendNow(token, id);
    await sendDueNewsletters(t.deps);
    await cancel(token, id);
    t.clock.advance(5 * 60_000);
    await runJob();
    const queued = await queuedFor(id);
    expect(queued.map((m) => m.status)).toEqual(['cancelled']);
    expect(await read(token, id)).toMatchObject({ status: 'canceled', recipients: 3, sent: 0 });
  });

  it('refuses a time in the past or no time at all, a draft to cancel, and an unknown newsletter', async () => {
    const token = await admin();
    const { id } = await create(token);
    const send = (json: { at?: string }, which: string = id) =>
      newsletters(token)[':id'].send.$post({ param: { id: which }, json });
    await expectApiError(await send({ at: new Date(t.clock.now() - 3_600_000).toISOString() }), 400, 'schedule_in_past');
    await expectApiError(await send({ at: 'i morgen' }), 400, 'validation_error');
    await expectApiError(await send({}, 'finnes-ikke'), 404, 'not_found');
    await expectApiError(await cancel(token, id), 409, 'newsletter_not_cancelable');
    await expectApiError(await cancel(token, 'finnes-ikke'), 404, 'not_found');
  });
});

describe('round trips', () => {
  it('every newsletter route costs at most two, session included', async () => {
    const token = await admin();
    const { id } = await create(token);
    const { id: other } = await create(token);
    countOnlyTheRoute(t);
    const calls: [string, { method?: string; json?: unknown }, number][] = [
      ['/api/admin/newsletters', {}, 200],
      ['/api/admin/newsletters', { json: DRAFT }, 201],
      [`/api/admin/newsletters/${id}`, {}, 200],
      [`/api/admin/newsletters/${id}`, { method: 'PUT', json: DRAFT }, 200],
      ['/api/admin/newsletters/preview', { json: DRAFT }, 200],
      ['/api/admin/newsletters/segment-count?kind=inactive&days=7', {}, 200],
      [`/api/admin/newsletters/${id}/test`, { method: 'POST' }, 200],
      [`/api/admin/newsletters/${id}/send`, { json: {} }, 200],
      [`/api/admin/newsletters/${id}/cancel`, { method: 'POST' }, 200],
      [`/api/admin/newsletters/${other}/send`, { json: { at: new Date(t.clock.now() + 3_600_000).toISOString() } }, 200],
    ];
    for (const [path, init, status] of calls) {
      expect(await roundTripsOf(t, () => t.request(path, { ...init, token }), status), path).toBeLessThanOrEqual(2);
    }
  });
});
