import { z } from 'zod';
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
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: z.string().min(1).default('file:data/app.db'),
    LIBSQL_AUTH_TOKEN: z.string().optional(),
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
    PAYMENT_PROVIDER: z.enum(['none', 'test', 'stripe']).default('test'),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
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
    if (c.PAYMENT_PROVIDER === 'stripe') {
      need('STRIPE_SECRET_KEY', 'PAYMENT_PROVIDER=stripe');
      need('STRIPE_WEBHOOK_SECRET', 'PAYMENT_PROVIDER=stripe');
    }
    if (c.APP_ENV === 'production' && !c.PUBLIC_URL) need('PUBLIC_URL', 'APP_ENV=production');
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

export type Config = z.infer<typeof configSchema> & { PUBLIC_URL: string; AUTH_SECRET: string };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses settings once at start; a missing or bad setting stops the start, naming it. */
export function parseConfig(source: Record<string, unknown>): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '' && v !== undefined));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.') || '(config)'}: ${i.message}`);
    throw new ConfigError(`Ugyldig konfigurasjon:\n${lines.join('\n')}`);
  }
  const c = { ...result.data, AUTH_SECRET: result.data.AUTH_SECRET ?? randomToken() };
  return { ...c, PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '') };
}
