import { z } from 'zod';
import { COMPANY } from '#shared/constants';
import { parseDsn } from './ops/sentry';
import { randomToken } from './platform/crypto';
import { PAYMENT_PROVIDER_MODULES, type PaymentProviderRegistry } from './platform/payments/registry';
import type { PaymentProviderModule } from './platform/payments/types';

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
    /**
     * The checkout's provider, by its name in platform/payments/registry.ts; `none`: no checkout at
     * all, so no payment secrets are needed (the Worker until Stripe is set up). Unset means `test`
     * outside production; production must name a real one (see below).
     */
    PAYMENT_PROVIDER: z.string().trim().min(1).optional(),
    /** Several at checkout, first is the default (`vipps,stripe`: the buyer chooses); overrides PAYMENT_PROVIDER. */
    PAYMENT_PROVIDERS: z
      .string()
      .transform((s) =>
        s
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string()).min(1))
      .optional(),
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
  });

type Parsed = z.infer<typeof configSchema>;
export type Config = Omit<Parsed, 'PAYMENT_PROVIDER' | 'PAYMENT_PROVIDERS'> & {
  PUBLIC_URL: string;
  AUTH_SECRET: string;
  /** The checkout's default provider: PAYMENT_PROVIDERS' first, else PAYMENT_PROVIDER (`none`: no checkout). */
  PAYMENT_PROVIDER: string;
  /** Every provider the checkout offers, default first (`none` offers none), each with its settings checked. */
  PAYMENT_PROVIDERS: OfferedProvider[];
};

/** A provider the checkout offers: its module in the registry and the settings it read from the environment. */
export type OfferedProvider = { module: PaymentProviderModule; settings: Record<string, unknown> };

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

/**
 * Parses settings once at start; a missing or bad setting stops the start, naming it. `providers`:
 * the payment providers it may offer (a test passes the registry with one added).
 */
export function parseConfig(
  source: Record<string, unknown>,
  providers: PaymentProviderRegistry = PAYMENT_PROVIDER_MODULES,
): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '' && v !== undefined));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.') || '(config)'}: ${i.message}`));
  }
  const { data } = result;
  const problems: string[] = [];
  const offered = offeredProviders(data, cleaned, providers, problems);
  if (problems.length) throw new ConfigError(problems);
  const c = {
    ...data,
    AUTH_SECRET: data.AUTH_SECRET ?? randomToken(),
    PAYMENT_PROVIDER: offered[0]?.module.name ?? 'none',
    PAYMENT_PROVIDERS: offered,
  };
  return { ...c, PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '') };
}

/**
 * The providers PAYMENT_PROVIDERS (or PAYMENT_PROVIDER) names, each with its settings parsed by
 * its own module (so this file names no provider's keys); what is wrong goes to `problems`.
 */
function offeredProviders(
  c: Parsed,
  source: Record<string, unknown>,
  registry: PaymentProviderRegistry,
  problems: string[],
): OfferedProvider[] {
  const setting = c.PAYMENT_PROVIDERS ? 'PAYMENT_PROVIDERS' : 'PAYMENT_PROVIDER';
  // Unset (outside production): the provider that charges nothing.
  const fallback = Object.values(registry).find((m) => m.chargesNothing)?.name ?? 'none';
  const names = c.PAYMENT_PROVIDERS ?? [c.PAYMENT_PROVIDER ?? fallback];
  if (names.length === 1 && names[0] === 'none' && !c.PAYMENT_PROVIDERS) return [];
  const offered: OfferedProvider[] = [];
  for (const name of names) {
    const module = Object.hasOwn(registry, name) ? registry[name] : undefined;
    if (!module) {
      problems.push(`${setting}: ukjent betalingsleverandør «${name}»; velg blant ${Object.keys(registry).join(', ')}`);
      continue;
    }
    const parsed = module.settings.safeParse(source);
    if (!parsed.success) {
      for (const i of parsed.error.issues) {
        const key = i.path.join('.');
        problems.push(`${key}: ${source[key] === undefined ? `kreves når PAYMENT_PROVIDER=${name}` : i.message}`);
      }
      continue;
    }
    offered.push({ module, settings: parsed.data });
  }
  const unset = !c.PAYMENT_PROVIDER && !c.PAYMENT_PROVIDERS;
  if (c.APP_ENV === 'production' && (unset || offered.some((p) => p.module.chargesNothing))) {
    // A provider that grants Premium with nothing charged must never be a production default.
    problems.push(
      'PAYMENT_PROVIDER: må settes eksplisitt når APP_ENV=production, og ikke til test (testleverandøren gir Premium uten betaling); bruk stripe, eller none uten kasse',
    );
  }
  return offered;
}

/** Whether `url` names this machine (localhost, 127.0.0.0/8, [::1]), a secure origin over http too. */
function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
