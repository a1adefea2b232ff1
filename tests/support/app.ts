import { createDb } from '#db';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hc } from 'hono/client';
import { afterEach, beforeEach } from 'vitest';
import { openDatabase } from '#db/node';
import { seedIfEmpty } from '#db/seed/seed';
import { createApp } from '#worker/app';
import type { Deps } from '#worker/context';
import { parseConfig } from '#worker/config';
import { outboxMailer } from '#worker/platform/mailer/outbox';
import type { Mailer } from '#worker/platform/mailer/types';
import { paymentProvidersFor } from '#worker/platform/payments/index';
import { paymentProviders, type PaymentProvider } from '#worker/platform/payments/types';
import { loadNodeAssets } from '#worker/platform/node-assets';
import { diskFileStore } from '#worker/platform/file-store/disk';
import { memoryRateLimiter } from '#worker/http/rate-limit';
import { deliverDueMail } from '#worker/jobs/mail-queue';
import { createTelemetry } from '#worker/ops/telemetry';
import type { ApiType } from '#worker/app';
import { latestMail } from './outbox';
import { countRoundTrips } from './round-trips';
import { copyTemplateDb } from './template-db';

export const TEST_ORIGIN = 'http://localhost:4321';

/**
 * A real app over a real libSQL file database (a fresh copy of the run's migrated template),
 * counted round trips, a controllable clock, the outbox mailer, and a tiny static site on disk
 * standing in for dist/ (or `site`, a real build).
 */
export type TestAppOptions = {
  env?: Record<string, string>;
  seed?: boolean;
  mailer?: Mailer;
  site?: string;
  /** Providers standing in for the configured ones (fakes at the HTTP boundary), the default first. */
  payments?: PaymentProvider | PaymentProvider[];
  /** A database file to start from (a restored backup, say) instead of the migrated empty template. */
  database?: string;
  /** An existing database file to run on in place (the scale bench's data set) instead of a fresh copy of the template. */
  dbFile?: string;
  /** The clock's start. */
  now?: number;
  /** The API to serve instead of app.ts's (app-order.test.ts: the same sub-apps mounted in another order). */
  routes?: Parameters<typeof createApp>[1];
};

export async function createTestApp(opts: TestAppOptions = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'soloprenor-test-'));
  const dbFile = opts.dbFile ?? join(dir, 'test.db');
  if (opts.database) copyFileSync(opts.database, dbFile);
  else if (!opts.dbFile) await copyTemplateDb(dbFile);
  const dbUrl = `file:${dbFile}`;
  const opened = await openDatabase(dbUrl);
  const roundTrips = countRoundTrips(opened.client);
  const { client } = opened;
  const db = createDb(roundTrips.client);
  if (opts.seed) await seedIfEmpty(db);

  const site = join(dir, 'site');
  mkdirSync(join(site, 'guide'), { recursive: true });
  writeFileSync(join(site, 'index.html'), '<h1>Forside</h1>');
  writeFileSync(join(site, '404.html'), '<h1>Fant ikke siden</h1>');
  writeFileSync(join(site, 'guide', 'lessons.html'), '<h1>Modulskall</h1>');

  let time = opts.now ?? Date.UTC(2026, 10, 21, 9, 0, 0);
  const clock = { now: () => time, advance: (ms: number) => void (time += ms) };
  const config = parseConfig({
    APP_ENV: 'test',
    ADMIN_EMAILS: 'admin@soloprenor.no',
    PUBLIC_URL: TEST_ORIGIN,
    // Never the network: a closed loopback port, so a business buyer's lookup finds the register unreachable (tests/support/fake-brreg.ts answers it).
    BRREG_BASE_URL: 'http://127.0.0.1:9/enhetsregisteret/api',
    ...opts.env,
  });
  // Mail goes through the real queue and delivery job: a request that queues mail wakes it, and
  // `request` waits for that delivery, so a test reads the outbox right after the request.
  // The delivery runs outside any request, so its round trips are not counted against one.
  const uncounted = createDb(client);
  let delivering: Promise<void> = Promise.resolve();
  const deliverMail = () =>
    (delivering = delivering.then(
      async () => void (await deliverDueMail({ db: uncounted, now: clock.now, mailer: deps.mailer })),
    ));
  /** The app's log lines (ops/telemetry.ts), parsed, for a test to assert; nothing reaches the console. */
  const logs: Record<string, unknown>[] = [];
  const telemetry = createTelemetry({
    runtime: 'node',
    write: (line) => logs.push(JSON.parse(line) as Record<string, unknown>),
    sentryDsn: config.SENTRY_DSN,
    environment: config.APP_ENV,
  });
  const deps: Deps = {
    telemetry,
    db,
    config,
    now: clock.now,
    mailer: opts.mailer ?? outboxMailer(db),
    mailQueued: () => void deliverMail().catch((err: unknown) => console.error('Utsending av e-post feilet:', err)),
    payments: opts.payments
      ? paymentProviders([opts.payments].flat(), paymentProvidersFor(config).default)
      : paymentProvidersFor(config),
    rateLimit: memoryRateLimiter(clock.now),
    assets: await loadNodeAssets(opts.site ?? site),
    files: diskFileStore(join(dir, 'files')),
    clientIp: (c) => c.req.header('x-test-ip') ?? '127.0.0.1',
  };
  const app = createApp(deps, opts.routes);

  /**
   * Work a request leaves for just after its answer (mail delivery, erasure's checkpoint) runs
   * now, so a test sees its effect, and it is counted neither against this request nor the next.
   */
  const afterwards = () =>
    roundTrips.excluding(async () => {
      await delivering.catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 0));
    });

  /** app.request with JSON body and headers filled in; `body` for another body (a form, a file upload). */
  const request = async (
    path: string,
    init: {
      method?: string;
      json?: unknown;
      body?: string | FormData | Uint8Array<ArrayBuffer>;
      headers?: Record<string, string>;
      token?: string;
    } = {},
  ) => {
    const res = await app.request(path, {
      method: init.method ?? (init.json === undefined && init.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...init.headers,
      },
      body: init.json === undefined ? init.body : JSON.stringify(init.json),
    });
    await afterwards();
    return res;
  };

  /**
   * The typed Hono client over `app.request`, as the browser's client is typed (browser/api.ts):
   * `t.api` for a visitor, `t.as(token)` for a signed-in user. Each call waits for the work its
   * request leaves behind, as `request` does.
   */
  const fetchAfterwards = async (input: RequestInfo | URL, init?: RequestInit) => {
    const res = await app.request(input, init);
    await afterwards();
    return res;
  };
  const typedClient = (headers: Record<string, string> = {}) =>
    hc<ApiType>(`${TEST_ORIGIN}/api`, { headers, fetch: fetchAfterwards });
  const api = typedClient();
  const as = (token: string) => typedClient({ authorization: `Bearer ${token}` });

  /** Requests a link for `email` and signs in with it; returns the session token and user. */
  async function signIn(email: string) {
    const sent = await api.auth['magic-link'].$post({ json: { email } });
    if (sent.status !== 200) throw new Error(`magic-link ${sent.status}: ${await sent.text()}`);
    const mail = await latestMail(db, email);
    const res = await api.auth.verify.$get({ query: { token: mail!.token! } });
    if (!res.ok) throw new Error(`verify ${res.status}: ${await res.text()}`);
    return res.json();
  }

  return {
    app,
    api,
    as,
    /** The database file, for what works on files (backups). */
    file: join(dir, 'test.db'),
    roundTrips,
    db,
    client,
    /** The database file's URL, for a second connection (as a second process would have). */
    dbUrl,
    /** The database file, for a test that needs a second process on it. */
    dbFile,
    clock,
    deps,
    logs,
    request,
    signIn,
    /** The typed clients' fetch, for a client that checks something around each request (the admin's round-trip budget). */
    fetch: fetchAfterwards,
    /** Runs the mail queue's delivery now (after a service was called directly); resolves when it is done. */
    deliverMail,
    latestMail: (to: string) => latestMail(db, to),
    close() {
      client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The file's app, made anew for every test: `const t = appPerTest({ seed: true })` at the top of
 * a test file stands for the running test's own app (created before it, closed after it). Hooks
 * the file adds later run after the app exists.
 */
export function appPerTest(opts: TestAppOptions | (() => TestAppOptions) = {}): TestApp {
  let current: TestApp | null = null;
  beforeEach(async () => {
    // A function for options that exist only once the file's hooks ran (a fake server's port).
    current = await createTestApp(typeof opts === 'function' ? opts() : opts);
  });
  afterEach(() => {
    current?.close();
    current = null;
  });
  const app = () => {
    if (!current) throw new Error('appPerTest: the app exists only while a test runs');
    return current;
  };
  return new Proxy({} as TestApp, {
    get: (_, key) => Reflect.get(app(), key),
    set: (_, key, value) => Reflect.set(app(), key, value),
  });
}
