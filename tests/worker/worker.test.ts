/**
 * The Cloudflare Workers entry, end to end: the wrangler bundle booted in workerd (Miniflare 4)
 * with the static build as Workers Static Assets and the rate-limiting bindings, configured
 * from wrangler.toml (APP_ENV=production included), libSQL over HTTP from a real sqld migrated
 * by `npm run db:migrate`, and mail through the HTTP transport to a loopback sink.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createClient, type Client } from '@libsql/client/web';
import { eq } from 'drizzle-orm';
import { Miniflare, type WorkerOptions } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from 'wrangler';
import { createDb, type Db } from '#db';
import { lessons, mailOutbox, mailQueue, payments, rateLimits, sessions, subscriptions, users } from '#db/schema';
import { enqueueMail } from '#worker/emails/queue';
import worker, { workerConfig, type WorkerEnv } from '#worker/index';
import { MAIL_CRON } from '#worker/jobs/mail-queue';
import { apiAt } from '#support/api-at';
import { expectConsoleError } from '#support/console-guard';
import { startMailSink, type MailSink } from '#support/mail-sink';
import { signedVippsWebhook, startFakeVipps, vippsEnv, type FakeVipps } from '#support/fake-vipps';
import { SQLD_PLATFORM, startMigratedSqld, type Sqld } from '#support/sqld';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'node_modules', '.bin');
const ORIGIN = 'http://localhost';
/** The parts of wrangler's translation of wrangler.toml this test uses (its types lean on @cloudflare/workers-types). */
type FromToml = Pick<WorkerOptions, 'compatibilityDate' | 'compatibilityFlags' | 'assets' | 'ratelimits' | 'r2Buckets'> & {
  bindings?: Record<string, string>;
  cronTriggers?: string[];
};
type ScheduledFetcher = { scheduled(options: { cron?: string; scheduledTime?: Date }): Promise<{ outcome: string }> };
const quietEnv = { ...process.env, WRANGLER_SEND_METRICS: 'false', ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' };

describe.skipIf(!SQLD_PLATFORM)('Workers entry in workerd', () => {
  let sqld: Sqld;
  let client: Client;
  /** The test's own view of the Worker's database. */
  let db: Db;
  let sink: MailSink;
  let vipps: FakeVipps;
  let mf: Miniflare;
  let ratelimits: FromToml['ratelimits'];
  let tmp: string;
  let cron: string;

  beforeAll(async () => {
    if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
      await run(join(BIN, 'astro'), ['build'], { cwd: ROOT, env: quietEnv });
    }
    tmp = mkdtempSync(join(tmpdir(), 'soloprenor-worker-'));
    // The same command as `npm run build:worker`, into a temp dir.
    await run(join(BIN, 'wrangler'), ['deploy', '--dry-run', '--outdir', join(tmp, 'bundle')], { cwd: ROOT, env: quietEnv });
    // A snapshot of the static build, so a concurrent `astro build` cannot pull files away mid-test.
    cpSync(join(ROOT, 'dist'), join(tmp, 'dist'), { recursive: true });

    // wrangler's own translation of wrangler.toml into Miniflare options: run_worker_first
    // becomes routerConfig.static_routing, html/not-found handling become assetConfig. Given
    // an (empty) env file, wrangler reads it instead of the developer's .dev.vars.
    const noSecrets = join(tmp, 'empty.env');
    writeFileSync(noSecrets, '');
    const fromToml = unstable_getMiniflareWorkerOptions(join(ROOT, 'wrangler.toml'), undefined, {
      envFiles: [noSecrets],
    } as Parameters<typeof unstable_getMiniflareWorkerOptions>[2]).workerOptions as unknown as FromToml;
    const assets = fromToml.assets!;
    cron = fromToml.cronTriggers!.find((c) => c !== MAIL_CRON)!;
    expect(fromToml.cronTriggers).toContain(MAIL_CRON);
    ratelimits = fromToml.ratelimits;
    [sqld, sink, vipps] = await Promise.all([startMigratedSqld(), startMailSink(), startFakeVipps()]);
    client = createClient({ url: sqld.url, authToken: sqld.authToken });
    db = createDb(client);

    mf = new Miniflare({
      modules: true,
      scriptPath: join(tmp, 'bundle', 'index.js'),
      modulesRoot: join(tmp, 'bundle'),
      compatibilityDate: fromToml.compatibilityDate,
      compatibilityFlags: fromToml.compatibilityFlags,
      assets: {
        directory: join(tmp, 'dist'),
        binding: assets.binding,
        routerConfig: assets.routerConfig,
        assetConfig: assets.assetConfig,
      },
      ratelimits,
      // The FILES bucket of wrangler.toml, kept by Miniflare in memory.
      r2Buckets: fromToml.r2Buckets,
      bindings: {
        ...fromToml.bindings,
        // secrets and test-only settings
        LIBSQL_URL: sqld.url,
        LIBSQL_AUTH_TOKEN: sqld.authToken,
        PUBLIC_URL: ORIGIN,
        // Production refuses the outbox: mail goes through the HTTP transport, to the sink.
        MAIL_API_URL: sink.url,
        MAIL_API_KEY: sink.apiKey,
        ADMIN_EMAILS: 'admin@soloprenor.no',
        AUTH_SECRET: 'worker-test-secret-of-at-least-32-characters',
        // Vipps MobilePay, through the loopback fake of its API.
        ...vippsEnv(vipps),
      },
    });
    await mf.ready;
  }, 180_000);

  afterAll(async () => {
    await mf?.dispose();
    client?.close();
    await Promise.all([sqld?.stop(), sink?.close(), vipps?.close()]);
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  const get = (path: string, init?: RequestInit) =>
    mf.dispatchFetch(`${ORIGIN}${path}`, { redirect: 'manual', ...init } as never) as unknown as Promise<Response>;
  const postJson = (path: string, body: string) =>
    get(path, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body });
  /** The typed client over Miniflare, as a browser of ours with `cookie` (its session, if any) would call. */
  const api = (cookie?: string) =>
    apiAt(ORIGIN, (input, init = {}) => {
      // Plain headers: Miniflare's own fetch does not take this runtime's Headers, as it does not its FormData.
      const headers = { ...Object.fromEntries(new Headers(init.headers)), origin: ORIGIN, ...(cookie ? { cookie } : {}) };
      return get(String(input).slice(ORIGIN.length), { ...init, headers });
    });

  it('serves the landing page from static assets', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toContain('Soloprenør');
  });

  it('serves a hashed bundle with a year of immutable caching and none of the document headers (dist/_headers)', async () => {
    const bundle = readdirSync(join(ROOT, 'dist', '_astro')).find((f) => f.endsWith('.js'))!;
    const res = await get(`/_astro/${bundle}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(res.headers.get('strict-transport-security')).toBeNull();
    // The headers as Miniflare's asset server writes them; Cloudflare's edge adds its own (cf-ray, server…).
    const size = [...res.headers].reduce((n, [name, value]) => n + `${name}: ${value}\r\n`.length, 0);
    expect(size).toBeLessThanOrEqual(300);
    const page = await get('/personvern');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect((await get('/og.png')).headers.get('content-security-policy')).toBeNull();
  });

  it('answers /api/health through libSQL over HTTP', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ ok: true });
  });

  it('answers more concurrent requests than libSQL queues per client, and keeps answering after', async () => {
    // workerd ties I/O and pending promises to the request that made them: a database client
    // shared by the isolate's requests let one wait on another's, and hung every request after.
    // A public read (the active campaign): /api/health also takes the write lock, and 60 of those
    // at once on a busy machine rightly answer 503 when one waits past its budget.
    const burst = await Promise.all(Array.from({ length: 60 }, () => get('/api/admin/campaigns/active')));
    expect(burst.map((r) => r.status)).toEqual(burst.map(() => 200));
    expect((await get('/api/health')).status).toBe(200);
  });

  it('answers an unknown page with the 404 page and status 404', async () => {
    const res = await get('/finnes-ikke');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Fant ikke siden');
  });

  it('answers an unknown API address with 404 JSON', async () => {
    const res = await get('/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('runs the Worker first for dynamic routes, as wrangler.toml says', async () => {
    const vilkar = await get('/vilk%C3%A5r');
    expect(vilkar.status).toBe(301);
    expect(vilkar.headers.get('location')).toBe('/vilkar');

    const module = await get('/guide/mindset');
    expect(module.status).toBe(301);
    expect(module.headers.get('location')).toBe('/guide/lessons/mindset');

    // A CR/LF in the path is no page: a 404, not a 500 with the path echoed into a header.
    const crlf = await get('/guide/%0d%0aSet-Cookie:x=1');
    expect(crlf.status).toBe(404);
    expect(crlf.headers.get('set-cookie')).toBeNull();

    const shell = await get('/guide/login');
    expect(shell.status).toBe(200);
    expect(shell.headers.get('content-security-policy')).toContain("default-src 'self'");

    // A certificate's public page: the one shell, whatever the id.
    const certificate = await get('/sertifikat/abcdefghijklmnopqrst');
    expect(certificate.status).toBe(200);
    expect(await certificate.text()).toContain('Fant ikke sertifikatet');
  });

  it('serves file-format pages (dist/personvern.html) at their clean address', async () => {
    for (const page of ['/personvern', '/guide']) {
      expect((await get(page)).status, page).toBe(200);
      const suffixed = await get(`${page}.html`);
      expect([301, 307, 308]).toContain(suffixed.status);
      expect(suffixed.headers.get('location')).toBe(page);
      expect((await get(`${page}/`)).headers.get('location')).toBe(page);
    }
  });

  it('signs in by magic link: mail through the HTTP API, verify and session all over HTTP', async () => {
    const email = 'kari.worker@example.no';
    const sent = await postJson('/api/auth/magic-link', JSON.stringify({ email, firstName: 'Kari' }));
    expect(sent.status, await sent.clone().text()).toBe(200);

    // Queued with the link, then delivered in the request's waitUntil, right after the answer.
    await vi.waitFor(() => expect(sink.latest(email)).toBeTruthy(), { timeout: 10_000 });
    const mail = sink.latest(email);
    expect(mail?.subject).toBeTruthy();
    expect(mail?.token).toBeTruthy();
    // Production sends mail; it keeps no copy of the link (the queue erased it once sent).
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toHaveLength(0);
    await vi.waitFor(async () =>
      expect(await db.select().from(mailQueue).where(eq(mailQueue.to, email))).toMatchObject([
        { status: 'sent', text: '', html: '', attempts: 1 },
      ]),
    );

    const verified = await get(`/api/auth/verify?token=${mail!.token}`);
    expect(verified.status, await verified.clone().text()).toBe(200);
    const cookie = verified.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^__Host-sp_session=[\w-]+;/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    const body: unknown = JSON.parse(await verified.text());
    expect(body).toMatchObject({ user: { email, firstName: 'Kari' } });

    const me = await get('/api/auth/me', { headers: { cookie: cookie.split(';')[0]! } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { email } });

    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user?.lastLogin).toBeInstanceOf(Date);

    // The link is single use, over HTTP as on a file.
    expect((await get(`/api/auth/verify?token=${mail!.token}`)).status).toBe(400);
  });

  it('pays Premium with Vipps: agreement, confirmation, poll and signed webhooks, all over HTTP', async () => {
    const email = 'vipps.worker@example.no';
    await postJson('/api/auth/magic-link', JSON.stringify({ email }));
    await vi.waitFor(() => expect(sink.latest(email)).toBeTruthy(), { timeout: 10_000 });
    const verified = await get(`/api/auth/verify?token=${sink.latest(email)!.token}`);
    const cookie = (verified.headers.get('set-cookie') ?? '').split(';')[0]!;
    const json = { plan: 'monthly', price: 399, withdrawalConsent: true, provider: 'vipps' } as const;
    const started = await api(cookie).premium.upgrade.$post({ json });
    expect(started.status, await started.clone().text()).toBe(200);
    const answer = await started.json();
    if (answer.status !== 'redirect') throw new Error(`expected the Vipps page, got ${JSON.stringify(answer)}`);
    const { url, paymentId } = answer;
    const agreement = vipps.latestAgreement();
    expect(url).toBe(`${vipps.url}/confirm/${agreement.id}`);
    const status = async () =>
      (await (await api(cookie).premium.payments[':id'].$get({ param: { id: paymentId } })).json()).status;
    expect(await status()).toBe('pending');

    await vipps.accept(agreement.id);
    const hookUrl = `${ORIGIN}/api/payments/vipps/webhook`;
    for (const hook of vipps.webhooks.splice(0)) {
      const { body, headers } = signedVippsWebhook(hook, hookUrl);
      const res = await get('/api/payments/vipps/webhook', { method: 'POST', headers, body });
      expect(res.status, await res.clone().text()).toBe(200);
    }
    expect(await status()).toBe('paid');
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(await db.select().from(subscriptions).where(eq(subscriptions.userId, user!.id))).toMatchObject([
      { provider: 'vipps', providerRef: agreement.id, status: 'active' },
    ]);
    expect(await db.select().from(payments).where(eq(payments.id, paymentId))).toMatchObject([
      { status: 'paid', providerRef: paymentId },
    ]);
    const forged = signedVippsWebhook({ eventType: 'recurring.agreement-stopped.v1', agreementId: agreement.id }, hookUrl, {
      secret: 'wrong',
    });
    expect(
      (await get('/api/payments/vipps/webhook', { method: 'POST', headers: forged.headers, body: forged.body })).status,
    ).toBe(400);
  });

  it('keeps uploaded lesson files in R2 and serves them through the signed link', async () => {
    const email = 'admin@soloprenor.no';
    await postJson('/api/auth/magic-link', JSON.stringify({ email }));
    // The link goes out through the queue right after the answer (waitUntil).
    await vi.waitFor(() => expect(sink.latest(email)).toBeTruthy(), { timeout: 10_000 });
    const verified = await get(`/api/auth/verify?token=${sink.latest(email)!.token}`);
    const cookie = (verified.headers.get('set-cookie') ?? '').split(';')[0]!;
    const pdf = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
    const form = new FormData();
    form.set('file', new File([pdf], 'mal.pdf', { type: 'application/pdf' }));
    // Encoded here: Miniflare's own fetch does not take this runtime's FormData.
    const multipart = new Request(ORIGIN, { method: 'POST', body: form });
    // A multipart form has no validator for the client to type: it is the request's body as sent.
    const uploaded = await api(cookie).admin.files.$post(undefined, {
      headers: { 'content-type': multipart.headers.get('content-type')! },
      init: { body: new Uint8Array(await multipart.arrayBuffer()) },
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status}`);
    const { file } = await uploaded.json();
    await db
      .update(lessons)
      .set({ resources: [{ title: 'Mal', fileId: file.id }] })
      .where(eq(lessons.id, 'mindset-quick-win'));

    const module = await (await api(cookie).guide.modules[':id'].$get({ param: { id: 'mindset' }, query: {} })).json();
    const lesson = module.module.lessons.find((l) => l.id === 'mindset-quick-win');
    if (!lesson || lesson.isLocked) throw new Error('expected the free lesson, open');
    // The lesson's Markdown is rendered and sanitized in workerd too (markdown-it + js-xss).
    expect(lesson.html).toContain('<h3>Hva du skal gjøre</h3>');
    const href = lesson.resources![0]!.href!;
    const res = await get(href, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="mal.pdf"/);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pdf);
  });

  it('searches and makes the course certificate in workerd (pdf-lib and the QR encoder: no file system, no native code)', async () => {
    const email = 'ase.worker@example.no';
    await postJson('/api/auth/magic-link', JSON.stringify({ email, firstName: 'Åse' }));
    await vi.waitFor(() => expect(sink.latest(email)).toBeTruthy(), { timeout: 10_000 });
    const verified = await get(`/api/auth/verify?token=${sink.latest(email)!.token}`);
    const cookie = (verified.headers.get('set-cookie') ?? '').split(';')[0]!;
    const [user] = await db.select().from(users).where(eq(users.email, email));
    // Every free lesson of every free module done: the certificate is earned.
    await client.execute({
      sql: `INSERT INTO lesson_completions (user_id, lesson_id, module_id, created_at)
        SELECT ?, l.id, l.module_id, ? FROM lessons l JOIN modules m ON m.id = l.module_id WHERE l.is_premium = 0 AND m.is_premium = 0`,
      args: [user!.id, Date.now()],
    });

    const search = await api(cookie).guide.search.$get({ query: { q: 'SOLOPRENØR' } });
    expect(search.status, await search.clone().text()).toBe(200);
    expect((await search.json()).results.length).toBeGreaterThan(0);

    const res = await get('/api/guide/certificate', { headers: { cookie } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode(new Uint8Array(await res.arrayBuffer()).subarray(0, 5))).toBe('%PDF-');

    // Published, anyone can read it without a session; withdrawn, it is the same 404 as an unknown id.
    const put = (json: { public: boolean }) => api(cookie).guide.certificate.public.$put({ json });
    const published = await put({ public: true });
    expect(published.status, await published.clone().text()).toBe(200);
    const { id } = await published.json();
    const check = () => api().certificates[':id'].$get({ param: { id } });
    expect(await (await check()).json()).toMatchObject({ name: 'Åse', course: 'Soloprenør-guiden' });
    expect((await put({ public: false })).status).toBe(200);
    expect((await check()).status).toBe(404);
  });

  it('limits per client with the rate-limiting binding, writing no counter to the database', async () => {
    const event = () =>
      get('/api/event', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, 'cf-connecting-ip': '2001:db8:7:7::1' },
        body: JSON.stringify({ eventName: 'cta_hero_click' }),
      });
    const limit = ratelimits!.RATE_LIMIT_EVENT_PER_IP!.simple.limit;
    for (let i = 0; i < limit; i++) expect((await event()).status).toBe(201);
    const refused = await event();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toMatchObject({
      error: { code: 'rate_limited', message: 'For mange forsøk. Prøv igjen om 1 minutt.' },
    });
    const counters = await db.select().from(rateLimits);
    expect(counters.filter((c) => c.key.startsWith('event:'))).toEqual([]);
  });

  it('answers malformed JSON with 400 JSON', async () => {
    const res = await postJson('/api/auth/magic-link', '{"email":');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'invalid_json' } });
  });

  it('delivers queued mail from the every-minute cron trigger (retries the waitUntil could not send)', async () => {
    const now = Date.now();
    await db.batch([
      enqueueMail(
        db,
        {
          to: 'cron-mail@example.no',
          subject: 'Kvittering',
          text: 'Takk for kjøpet',
          html: '<p>Takk for kjøpet</p>',
          kind: 'transactional',
          dedupeKey: 'worker-test:receipt',
        },
        now,
      ),
    ]);
    const fetcher = (await mf.getWorker()) as unknown as ScheduledFetcher;
    expect((await fetcher.scheduled({ cron: MAIL_CRON, scheduledTime: new Date() })).outcome).toBe('ok');
    expect(sink.latest('cron-mail@example.no')).toMatchObject({ subject: 'Kvittering', text: 'Takk for kjøpet' });
    const [row] = await db.select().from(mailQueue).where(eq(mailQueue.dedupeKey, 'worker-test:receipt'));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('runs the nightly clean-up from the cron trigger', async () => {
    const [user] = await db.insert(users).values({ id: 'cron-user', email: 'cron@example.no' }).returning();
    await db.insert(sessions).values([
      { tokenHash: 'cron-dead', userId: user!.id, expiresAt: new Date(Date.now() - 60_000), lastUsedAt: new Date(0) },
      { tokenHash: 'cron-live', userId: user!.id, expiresAt: new Date(Date.now() + 86_400_000), lastUsedAt: new Date() },
    ]);
    await db
      .insert(mailOutbox)
      .values({ to: 'cron@example.no', subject: 'gammel', text: '', html: '', createdAt: new Date(Date.now() - 8 * 86_400_000) });

    const fetcher = (await mf.getWorker()) as unknown as ScheduledFetcher;
    const result = await fetcher.scheduled({ cron, scheduledTime: new Date() });
    expect(result.outcome).toBe('ok');

    const left = await db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(left.map((s) => s.tokenHash)).toEqual(['cron-live']);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'cron@example.no'))).toHaveLength(0);
  });
});

describe('Workers entry configuration', () => {
  const assets = { fetch: async () => new Response('asset') };
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} };
  const call = (env: WorkerEnv) => worker.fetch(new Request('http://localhost/api/health'), env, ctx as never);

  it("starts from wrangler.toml's [vars] and the secrets it lists, without payment secrets", () => {
    const { vars } = unstable_readConfig({ config: join(ROOT, 'wrangler.toml') });
    const secrets = {
      LIBSQL_URL: 'libsql://db.example.turso.io',
      LIBSQL_AUTH_TOKEN: 'jwt',
      MAIL_API_KEY: 're_x',
      AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
    };
    const config = workerConfig({ ASSETS: assets, ...(vars as Record<string, string>), ...secrets });
    expect(config).toMatchObject({ APP_ENV: 'production', MAIL_TRANSPORT: 'http', PAYMENT_PROVIDER: 'none' });
  });

  it.each([
    [{}, 'LIBSQL_URL'],
    [{ LIBSQL_URL: 'file:data/app.db' }, 'LIBSQL_URL'],
    [{ LIBSQL_URL: 'libsql://db.example.turso.io', MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://x' }, 'MAIL_TRANSPORT'],
    [{ LIBSQL_URL: 'libsql://db.example.turso.io', MAIL_API_URL: 'https://mail.example/send' }, 'MAIL_API_KEY'],
    [{ LIBSQL_URL: 'libsql://db.example.turso.io', MAIL_TRANSPORT: 'outbox', APP_ENV: 'production' }, 'PUBLIC_URL'],
  ])('a bad configuration %j answers a plain 503 and logs the name %s', async (settings, setting) => {
    const env: WorkerEnv = { ASSETS: assets, ...settings };
    const errors = expectConsoleError();
    const res = await call(env);
    expect(res.status).toBe(503);
    expect(res.headers.get('cache-control')).toBe('no-store');
    // The entry's own answer when it cannot make the app: no route's type to read it by.
    const body: unknown = JSON.parse(await res.text());
    expect(body).toEqual({
      error: {
        code: 'config_error',
        message: 'Tjenesten er midlertidig utilgjengelig. Prøv igjen om litt.',
        requestId: res.headers.get('x-request-id'),
      },
    });
    expect(JSON.stringify(body)).not.toMatch(/LIBSQL|MAIL_|PUBLIC_URL|APP_ENV/);
    expect(errors).toHaveLength(1); // logged once, then remembered for the isolate
    expect(String(errors[0]![0])).toContain(setting);
    expect((await call(env)).status).toBe(503);
    expect(errors).toHaveLength(1);
  });

  it('refuses the outbox in production, as on Node', async () => {
    const errors = expectConsoleError();
    const env: WorkerEnv = {
      ASSETS: assets,
      LIBSQL_URL: 'libsql://db.example.turso.io',
      APP_ENV: 'production',
      PUBLIC_URL: 'https://soloprenor.no',
      AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
      MAIL_TRANSPORT: 'outbox',
    };
    expect((await call(env)).status).toBe(503);
    expect(String(errors[0]![0])).toContain('MAIL_TRANSPORT');
  });

  it('builds the app once per isolate, not per request', async () => {
    // Without rate-limit bindings the isolate says so once, when its app is built.
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const env: WorkerEnv = { ASSETS: assets, LIBSQL_URL: 'libsql://db.example.turso.io', MAIL_TRANSPORT: 'outbox' };
      const page = () => worker.fetch(new Request('http://localhost/personvern'), env, ctx as never);
      for (let i = 0; i < 3; i++) expect(await (await page()).text()).toBe('asset');
      expect(warnings).toHaveBeenCalledTimes(1);
    } finally {
      warnings.mockRestore();
    }
  });
});
