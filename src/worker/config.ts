import { z } from 'zod';
import { COMPANY } from '#shared/constants';
import { parseDsn } from './ops/sentry';
import { randomToken } from './platform/crypto';

const emailList = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email()));

const configSchema = z
  .object({
    APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(4321),
    /** The address the Node server binds (`127.0.0.1` behind a proxy on the same machine); unset: every interface. */
    HOST: z.string().trim().min(1).optional(),
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: z.string().min(1).default('file:data/app.db'),
    LIBSQL_AUTH_TOKEN: z.string().optional(),
    /** Where the nightly backup and `npm run db:backup` put copies of a file database (default: `backups/` beside it). */
    BACKUP_DIR: z.string().trim().min(1).optional(),
    /** How many backups to keep; older ones are deleted after a new one is verified. */
    BACKUP_KEEP: z.coerce.number().int().min(1).max(3650).default(14),
    /** Where uploaded lesson files are kept on Node (Workers keeps them in the FILES R2 bucket). */
    FILES_DIR: z.string().min(1).default('data/files'),
    ADMIN_EMAILS: emailList,
    /** Behind a reverse proxy, take the client address from X-Forwarded-For (Node only). */
    TRUST_PROXY: z.stringbool().default(false),
    /** How many proxies of ours stand in front: the client is that many entries from the right of X-Forwarded-For. */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
    MAIL_TRANSPORT: z.enum(['outbox', 'smtp', 'http']).default('outbox'),
    MAIL_FROM: z.string().min(3).default('Soloprenør <hei@soloprenor.no>'),
    SMTP_URL: z.url().optional(),
    MAIL_API_URL: z.url().optional(),
    MAIL_API_KEY: z.string().optional(),
    /** The third-party analytics script the pages were built with; its origin is allowed by the CSP. */
    PUBLIC_ANALYTICS_SRC: z.url().optional(),
    /**
     * Key of the HMACs over sign-in codes and stored pseudonyms (at least 32 characters). Required
     * in production; elsewhere a missing one is made up per process (`npm start` keeps one in the data folder).
     */
    AUTH_SECRET: z.string().min(32).optional(),
    /** Sign-in e-mails the whole site may send in an hour, however many clients ask. */
    MAIL_HOURLY_BUDGET: z.coerce.number().int().min(1).default(300),
    /** `none`: no checkout at all, so no payment secrets are needed (the Worker until Stripe is set up). */
    /** Unset means `test` outside production; production must name a real one (see below). */
    PAYMENT_PROVIDER: z.enum(['none', 'test', 'stripe', 'vipps']).optional(),
    /** Several at checkout, first is the default (`vipps,stripe`: the buyer chooses); overrides PAYMENT_PROVIDER. */
    PAYMENT_PROVIDERS: z
      .string()
      .transform((s) =>
        s
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(['test', 'stripe', 'vipps'])).min(1))
      .optional(),
    /** Test provider only: every renewal is declined, so dunning (past due, grace, expiry) can be seen. */
    TEST_PAYMENTS_FAIL_RENEWALS: z.stringbool().default(false),
    /** Days before a yearly renewal that the reminder mail goes out (the terms promise 7). */
    RENEWAL_REMINDER_DAYS: z.coerce.number().int().min(1).max(60).default(7),
    /** The seller on receipts (bokføringsforskriften § 5-1-1); defaults from COMPANY. */
    SELLER_NAME: z.string().min(2).default(COMPANY.name),
    SELLER_ORG_NUMBER: z.string().min(9).default(COMPANY.orgNumber),
    SELLER_ADDRESS: z.string().min(5).default(COMPANY.address),
    /** Newsletter recipients handed to the mail queue per minute (the provider's and the domain's pace; see README). */
    NEWSLETTER_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
    /** The HTTP mail provider's webhook signing secret (`whsec_…`): bounces and complaints feed the suppression list. */
    MAIL_WEBHOOK_SECRET: z.string().min(8).optional(),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    /** Another address for Stripe's API (a local stand-in in tests); unset: api.stripe.com. */
    STRIPE_API_URL: z.url().optional(),
    /** Vipps MobilePay's API: its test environment unless APP_ENV=production (see README, "Vipps MobilePay"). */
    VIPPS_BASE_URL: z.url().optional(),
    VIPPS_CLIENT_ID: z.string().optional(),
    VIPPS_CLIENT_SECRET: z.string().optional(),
    VIPPS_SUBSCRIPTION_KEY: z.string().optional(),
    /** Merchant-Serial-Number: the sales unit the agreements belong to. */
    VIPPS_MSN: z
      .string()
      .regex(/^\d{4,10}$/)
      .optional(),
    /** The secret Vipps answered the webhook registration with (signs every delivery). */
    VIPPS_WEBHOOK_SECRET: z.string().optional(),
    /** Brønnøysundregistrene's open Enhetsregisteret API: a business buyer's org.nr is looked up there. */
    BRREG_BASE_URL: z
      .url()
      .default('https://data.brreg.no/enhetsregisteret/api')
      .transform((u) => u.replace(/\/$/, '')),
    /** Fiken (accounting): with a token and a company slug, each sale and refund is pushed there. */
    FIKEN_TOKEN: z.string().min(1).optional(),
    FIKEN_COMPANY: z.string().trim().min(1).optional(),
    FIKEN_BASE_URL: z
      .url()
      .default('https://api.fiken.no/api/v2')
      .transform((u) => u.replace(/\/$/, '')),
    /** The Fiken account the money went to (Fiken's bank account code, e.g. 1920:10001). */
    FIKEN_PAYMENT_ACCOUNT: z.string().trim().min(4).default('1920:10001'),
    /** The first day (YYYY-MM-DD, Oslo) whose sales go to Fiken; earlier ones were entered by hand. Unset: every one. */
    FIKEN_FROM: z.iso.date().optional(),
    /** GET /metrics answers only a scraper sending this as `Authorization: Bearer …`; unset, the route is 404. */
    METRICS_TOKEN: z.string().min(16, 'må ha minst 16 tegn').optional(),
    /** Unexpected errors go to this Sentry-compatible project (`https://<key>@<host>/<project>`), scrubbed. */
    SENTRY_DSN: z
      .url()
      .refine((dsn) => parseDsn(dsn) !== null, { message: 'må være en Sentry-DSN: https://<nøkkel>@<vert>/<prosjekt>' })
      .optional(),
  })
  .superRefine((c, ctx) => {
    const need = (key: keyof typeof c, when: string) => {
      if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: `kreves når ${when}` });
    };
    if (c.MAIL_TRANSPORT === 'smtp') need('SMTP_URL', 'MAIL_TRANSPORT=smtp');
    if (c.MAIL_TRANSPORT === 'http') {
      need('MAIL_API_URL', 'MAIL_TRANSPORT=http');
      need('MAIL_API_KEY', 'MAIL_TRANSPORT=http');
    }
    const providers = c.PAYMENT_PROVIDERS ?? [c.PAYMENT_PROVIDER];
    if (providers.includes('stripe')) {
      need('STRIPE_SECRET_KEY', 'PAYMENT_PROVIDER=stripe');
      need('STRIPE_WEBHOOK_SECRET', 'PAYMENT_PROVIDER=stripe');
    }
    if (providers.includes('vipps')) {
      for (const key of [
        'VIPPS_CLIENT_ID',
        'VIPPS_CLIENT_SECRET',
        'VIPPS_SUBSCRIPTION_KEY',
        'VIPPS_MSN',
        'VIPPS_WEBHOOK_SECRET',
      ] as const)
        need(key, 'PAYMENT_PROVIDER=vipps');
    }
    if (c.FIKEN_TOKEN) need('FIKEN_COMPANY', 'FIKEN_TOKEN er satt');
    if (c.APP_ENV === 'production' && !c.PUBLIC_URL) need('PUBLIC_URL', 'APP_ENV=production');
    if (c.APP_ENV === 'production' && c.PUBLIC_URL?.startsWith('http://') && !isLoopback(c.PUBLIC_URL)) {
      // The session cookie is `Secure`: over plain http no browser sends it back, so nobody could sign in
      // (loopback excepted: browsers treat http://localhost as a secure origin, so a local production run works).
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: `må begynne med https:// når APP_ENV=production (innloggingskaken er Secure og følger ikke med over http): ${c.PUBLIC_URL}`,
      });
    }
    if (c.APP_ENV === 'production' && c.MAIL_TRANSPORT === 'outbox') {
      // The outbox keeps working sign-in links in a table and (in development) the log.
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_TRANSPORT'],
        message:
          'outbox er ikke tillatt når APP_ENV=production (innloggingslenker ville blitt liggende i databasen og loggen); bruk smtp eller http',
      });
    }
    if (c.APP_ENV === 'production') need('AUTH_SECRET', 'APP_ENV=production');
    if (c.APP_ENV === 'production' && (providers.includes(undefined) || providers.includes('test'))) {
      // The test provider grants Premium with nothing charged: a production default must never be it.
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message:
          'må settes eksplisitt når APP_ENV=production, og ikke til test (testleverandøren gir Premium uten betaling); bruk stripe, eller none uten kasse',
      });
    }
  });

type Parsed = z.infer<typeof configSchema>;
export type Config = Omit<Parsed, 'PAYMENT_PROVIDER' | 'PAYMENT_PROVIDERS' | 'VIPPS_BASE_URL'> & {
  PUBLIC_URL: string;
  AUTH_SECRET: string;
  /** The checkout's default provider: PAYMENT_PROVIDERS' first, else PAYMENT_PROVIDER. */
  PAYMENT_PROVIDER: NonNullable<Parsed['PAYMENT_PROVIDER']>;
  /** Every provider the checkout offers, default first (`none` offers none). */
  PAYMENT_PROVIDERS: NonNullable<Parsed['PAYMENT_PROVIDERS']>;
  VIPPS_BASE_URL: string;
};

/** Vipps MobilePay's own test environment ("MT") and production. */
export const VIPPS_TEST_URL = 'https://apitest.vipps.no';
export const VIPPS_PRODUCTION_URL = 'https://api.vipps.no';

/** Settings that stop the start, each `NAME: what is wrong`. */
export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Ugyldig konfigurasjon:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }

  /** One log line per bad setting, as the start prints them. */
  get lines(): string[] {
    return this.problems.map((p) => `Ugyldig konfigurasjon: ${p}`);
  }
}

/** Parses settings once at start; a missing or bad setting stops the start, naming it. */
export function parseConfig(source: Record<string, unknown>): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '' && v !== undefined));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.') || '(config)'}: ${i.message}`));
  }
  const provider = result.data.PAYMENT_PROVIDERS?.[0] ?? result.data.PAYMENT_PROVIDER ?? 'test';
  const c = {
    ...result.data,
    AUTH_SECRET: result.data.AUTH_SECRET ?? randomToken(),
    PAYMENT_PROVIDER: provider,
    PAYMENT_PROVIDERS: result.data.PAYMENT_PROVIDERS ?? (provider === 'none' ? [] : [provider]),
    VIPPS_BASE_URL: (
      result.data.VIPPS_BASE_URL ?? (result.data.APP_ENV === 'production' ? VIPPS_PRODUCTION_URL : VIPPS_TEST_URL)
    ).replace(/\/$/, ''),
  };
  return { ...c, PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '') };
}

/** Whether `url` names this machine (localhost, 127.0.0.0/8, [::1]), a secure origin over http too. */
function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
