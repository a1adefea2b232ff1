import { describe, expect, it } from 'vitest';
import { createTestApp } from '#support/app';
import { parseConfig } from './config';
import { nodeApp, startMessage } from './node';

describe('startMessage', () => {
  it('says where the site runs and where sign-in links go in development', () => {
    const lines = startMessage(parseConfig({ PORT: '4321' }), true);
    expect(lines).toEqual([
      'Soloprenør kjører på http://localhost:4321',
      'Database: file:data/app.db (nytt innhold lagt inn)',
      'E-post sendes ikke ut: innloggingslenker skrives her i konsollen (og lagres i tabellen mail_outbox).',
    ]);
  });

  it('never prints the credentials a DATABASE_URL may carry', () => {
    const config = parseConfig({
      APP_ENV: 'production',
      PUBLIC_URL: 'https://soloprenor.no',
      DATABASE_URL: 'libsql://app-org.turso.io?authToken=eyJhbGciOiJFZERTQSJ9.hemmelig',
      LIBSQL_AUTH_TOKEN: 'eyJhbGciOiJFZERTQSJ9.hemmelig',
      AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
      PAYMENT_PROVIDER: 'none',
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: 'smtp://bruker:passord@smtp.example.no:587',
    });
    const text = startMessage(config, false).join('\n');
    expect(text).toContain('Database: libsql://app-org.turso.io');
    expect(text).not.toMatch(/hemmelig|authToken|passord/);
    expect(text).not.toContain('innloggingslenker');
  });
});

describe('nodeApp compression', () => {
  it('leaves small JSON alone and compresses a page the app writes', async () => {
    const t = await createTestApp();
    try {
      const app = nodeApp(t.deps);
      const json = await app.request('/api/health', { headers: { 'accept-encoding': 'gzip' } });
      expect(json.headers.get('content-encoding')).toBeNull();
      expect(await json.json()).toMatchObject({ ok: true });

      // The no-JavaScript lead form's error page is HTML written by the app.
      const page = await app.request('/api/lead', {
        method: 'POST',
        headers: { 'accept-encoding': 'gzip', 'content-type': 'application/x-www-form-urlencoded', 'x-test-ip': '10.1.1.1' },
        body: 'email=ikke-en-adresse',
      });
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('content-encoding')).toBe('gzip');
    } finally {
      t.close();
    }
  });
});
