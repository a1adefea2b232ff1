import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, type Config } from './config';
import { vippsBaseUrl } from './platform/payments/vipps';

/** The offered providers' names, default first. */
const names = (c: Config) => c.PAYMENT_PROVIDERS.map((p) => p.module.name);

/** Parses and returns the ConfigError it throws (fails the test if it does not throw one). */
function configError(source: Record<string, unknown>): ConfigError {
  try {
    parseConfig(source);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`parseConfig accepted ${JSON.stringify(source)}`);
}

describe('parseConfig', () => {
  it('starts with working defaults and no settings at all', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      APP_ENV: 'development',
      PORT: 4321,
      PUBLIC_URL: 'http://localhost:4321',
      DATABASE_URL: 'file:data/app.db',
      ADMIN_EMAILS: [],
      MAIL_TRANSPORT: 'outbox',
      MAIL_FROM: 'Soloprenør <hei@soloprenor.no>',
      PAYMENT_PROVIDER: 'test',
    });
  });

  it('treats empty values as unset', () => {
    const config = parseConfig({ PORT: '', ADMIN_EMAILS: '', PUBLIC_URL: '', SMTP_URL: '' });
    expect(config.PORT).toBe(4321);
    expect(config.ADMIN_EMAILS).toEqual([]);
    expect(config.PUBLIC_URL).toBe('http://localhost:4321');
  });

  it('derives PUBLIC_URL from PORT, and drops a trailing slash from a given one', () => {
    expect(parseConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(parseConfig({ PUBLIC_URL: 'https://soloprenor.no/' }).PUBLIC_URL).toBe('https://soloprenor.no');
  });

  it('binds every interface unless HOST names one', () => {
    expect(parseConfig({}).HOST).toBeUndefined();
    expect(parseConfig({ HOST: ' 127.0.0.1 ' }).HOST).toBe('127.0.0.1');
  });

  it('reads ADMIN_EMAILS as a trimmed, lower-case list', () => {
    expect(parseConfig({ ADMIN_EMAILS: ' Admin@Soloprenor.no , kari@example.no,, ' }).ADMIN_EMAILS).toEqual([
      'admin@soloprenor.no',
      'kari@example.no',
    ]);
  });

  it.each(['abc', '0', '70000', '80.5', '-1'])('rejects PORT=%s, naming PORT', (PORT) => {
    const err = configError({ PORT });
    expect(err.name).toBe('ConfigError');
    expect(err.message).toContain('PORT');
  });

  it('rejects a bad ADMIN_EMAILS entry, naming ADMIN_EMAILS', () => {
    expect(configError({ ADMIN_EMAILS: 'admin@soloprenor.no, ikke-en-epost' }).message).toContain('ADMIN_EMAILS');
  });

  it('requires SMTP_URL when MAIL_TRANSPORT=smtp', () => {
    const err = configError({ MAIL_TRANSPORT: 'smtp' });
    expect(err.message).toContain('SMTP_URL');
    expect(parseConfig({ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://127.0.0.1:2525' }).SMTP_URL).toBe('smtp://127.0.0.1:2525');
  });

  it('requires the API URL and key when MAIL_TRANSPORT=http', () => {
    const err = configError({ MAIL_TRANSPORT: 'http' });
    expect(err.message).toContain('MAIL_API_URL');
    expect(err.message).toContain('MAIL_API_KEY');
  });

  it('requires the Stripe secrets when PAYMENT_PROVIDER=stripe', () => {
    const err = configError({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' });
    expect(err.message).toContain('STRIPE_WEBHOOK_SECRET');
    expect(err.message).not.toContain('STRIPE_SECRET_KEY');
  });

  const vipps = {
    VIPPS_CLIENT_ID: 'id',
    VIPPS_CLIENT_SECRET: 'secret',
    VIPPS_SUBSCRIPTION_KEY: 'key',
    VIPPS_MSN: '123456',
    VIPPS_WEBHOOK_SECRET: 'hook',
  };

  it('requires the Vipps settings when Vipps is offered, and reads PAYMENT_PROVIDERS in order, the default first', () => {
    const err = configError({ PAYMENT_PROVIDERS: 'vipps,stripe', VIPPS_CLIENT_ID: 'id' });
    for (const key of ['VIPPS_CLIENT_SECRET', 'VIPPS_SUBSCRIPTION_KEY', 'VIPPS_MSN', 'VIPPS_WEBHOOK_SECRET', 'STRIPE_SECRET_KEY'])
      expect(err.message).toContain(key);
    expect(err.message).not.toContain('VIPPS_CLIENT_ID');
    expect(configError({ PAYMENT_PROVIDERS: 'vipps,paypal', ...vipps }).message).toContain('PAYMENT_PROVIDERS');
    const both = parseConfig({ PAYMENT_PROVIDERS: ' vipps , test ', ...vipps });
    expect(both.PAYMENT_PROVIDER).toBe('vipps');
    expect(names(both)).toEqual(['vipps', 'test']);
    // Vipps's test environment outside production, its production API in production, unless set.
    expect(vippsBaseUrl(undefined, 'development')).toBe('https://apitest.vipps.no');
    expect(vippsBaseUrl(undefined, 'production')).toBe('https://api.vipps.no');
    const local = parseConfig({ PAYMENT_PROVIDER: 'vipps', ...vipps, VIPPS_BASE_URL: 'http://127.0.0.1:9/' });
    expect(vippsBaseUrl(String(local.PAYMENT_PROVIDERS[0]?.settings.VIPPS_BASE_URL), 'production')).toBe('http://127.0.0.1:9');
    expect(names(parseConfig({}))).toEqual(['test']);
  });

  const productionMail = {
    MAIL_TRANSPORT: 'http',
    MAIL_API_URL: 'https://api.resend.com/emails',
    MAIL_API_KEY: 're_x',
    PAYMENT_PROVIDER: 'none',
  };

  it('requires PUBLIC_URL in production', () => {
    expect(configError({ APP_ENV: 'production', ...productionMail }).message).toContain('PUBLIC_URL');
    expect(
      parseConfig({ APP_ENV: 'production', PUBLIC_URL: 'https://soloprenor.no', AUTH_SECRET: 's'.repeat(32), ...productionMail })
        .APP_ENV,
    ).toBe('production');
  });

  it('refuses an http:// PUBLIC_URL in production, in one line naming it', () => {
    const message = configError({
      APP_ENV: 'production',
      PUBLIC_URL: 'http://soloprenor.no',
      AUTH_SECRET: 's'.repeat(32),
      ...productionMail,
    }).message;
    expect(message.split('\n').slice(1)).toEqual([
      '  - PUBLIC_URL: må begynne med https:// når APP_ENV=production (innloggingskaken er Secure og følger ikke med over http): http://soloprenor.no',
    ]);
    expect(parseConfig({ APP_ENV: 'development', PUBLIC_URL: 'http://localhost:4321' }).PUBLIC_URL).toBe('http://localhost:4321');
  });

  it('refuses the outbox in production, by default too, naming MAIL_TRANSPORT', () => {
    const production = {
      APP_ENV: 'production',
      PUBLIC_URL: 'https://soloprenor.no',
      AUTH_SECRET: 's'.repeat(32),
      PAYMENT_PROVIDER: 'none',
    };
    expect(configError(production).message).toMatch(/MAIL_TRANSPORT: outbox er ikke tillatt når APP_ENV=production/);
    expect(configError({ ...production, MAIL_TRANSPORT: 'outbox' }).message).toContain('MAIL_TRANSPORT');
    expect(parseConfig({ ...production, MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://mail.example.no' }).MAIL_TRANSPORT).toBe(
      'smtp',
    );
    expect(parseConfig({ APP_ENV: 'development' }).MAIL_TRANSPORT).toBe('outbox');
    expect(parseConfig({ APP_ENV: 'test' }).MAIL_TRANSPORT).toBe('outbox');
  });

  it('refuses to start in production unless PAYMENT_PROVIDER names a real provider, naming the setting', () => {
    const production = {
      APP_ENV: 'production',
      PUBLIC_URL: 'https://soloprenor.no',
      AUTH_SECRET: 's'.repeat(32),
      ...productionMail,
    };
    const { PAYMENT_PROVIDER: _, ...unset } = production;
    expect(configError(unset).message).toMatch(/PAYMENT_PROVIDER: må settes eksplisitt når APP_ENV=production, og ikke til test/);
    expect(configError({ ...production, PAYMENT_PROVIDER: 'test' }).message).toContain('PAYMENT_PROVIDER');
    const stripe = {
      ...production,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    expect(parseConfig(stripe).PAYMENT_PROVIDER).toBe('stripe');
    const { PAYMENT_PROVIDER: _none, ...withoutProvider } = stripe;
    expect(parseConfig({ ...withoutProvider, PAYMENT_PROVIDERS: 'vipps,stripe', ...vipps }).PAYMENT_PROVIDER).toBe('vipps');
    expect(configError({ ...withoutProvider, PAYMENT_PROVIDERS: 'vipps,test', ...vipps }).message).toContain('PAYMENT_PROVIDER');
    expect(parseConfig(production).PAYMENT_PROVIDER).toBe('none');
    // Outside production the embedded default stays the test provider.
    expect(parseConfig({}).PAYMENT_PROVIDER).toBe('test');
    expect(parseConfig({ APP_ENV: 'test' }).PAYMENT_PROVIDERS[0]?.settings).toEqual({ TEST_PAYMENTS_FAIL_RENEWALS: false });
  });

  it('trusts one proxy hop by default, and as many as TRUST_PROXY_HOPS says', () => {
    expect(parseConfig({}).TRUST_PROXY_HOPS).toBe(1);
    expect(parseConfig({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2' }).TRUST_PROXY_HOPS).toBe(2);
    expect(configError({ TRUST_PROXY_HOPS: '0' }).message).toContain('TRUST_PROXY_HOPS');
  });

  it('names every unknown choice', () => {
    expect(configError({ APP_ENV: 'staging' }).message).toContain('APP_ENV');
    expect(configError({ MAIL_TRANSPORT: 'pigeon' }).message).toContain('MAIL_TRANSPORT');
    expect(configError({ PUBLIC_URL: 'ikke en url' }).message).toContain('PUBLIC_URL');
  });

  it('requires AUTH_SECRET (at least 32 characters) in production, and makes one up per process elsewhere', () => {
    const production = { APP_ENV: 'production', PUBLIC_URL: 'https://soloprenor.no', ...productionMail };
    expect(configError(production).message).toContain('AUTH_SECRET');
    expect(configError({ ...production, AUTH_SECRET: 'for-kort' }).message).toContain('AUTH_SECRET');
    expect(parseConfig({ ...production, AUTH_SECRET: 'k'.repeat(40) }).AUTH_SECRET).toBe('k'.repeat(40));
    const a = parseConfig({}).AUTH_SECRET;
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(parseConfig({}).AUTH_SECRET).not.toBe(a);
  });

  it('reads MAIL_HOURLY_BUDGET as a positive whole number, 300 by default', () => {
    expect(parseConfig({}).MAIL_HOURLY_BUDGET).toBe(300);
    expect(parseConfig({ MAIL_HOURLY_BUDGET: '50' }).MAIL_HOURLY_BUDGET).toBe(50);
    for (const MAIL_HOURLY_BUDGET of ['0', '-1', '2.5', 'mange']) {
      expect(configError({ MAIL_HOURLY_BUDGET }).message).toContain('MAIL_HOURLY_BUDGET');
    }
  });
});
