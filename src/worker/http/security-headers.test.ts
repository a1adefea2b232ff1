import { describe, expect, it } from 'vitest';
import { createTestApp } from '#support/app';
import { assetsHeadersFile, securityHeaderSet } from './security-headers';

describe('security headers', () => {
  it('the Workers _headers file carries exactly the headers the app sets', async () => {
    const t = await createTestApp();
    try {
      const res = await t.request('/');
      const file = assetsHeadersFile();
      for (const [name, value] of Object.entries(securityHeaderSet())) {
        expect(res.headers.get(name)).toBe(value);
        expect(file).toContain(`  ${name}: ${value}\n`);
      }
      expect(file.startsWith('/*\n')).toBe(true);
    } finally {
      t.close();
    }
  });

  it('allows no foreign script origin by default, and only the configured analytics origin', async () => {
    expect(securityHeaderSet()['Content-Security-Policy']).toContain("script-src 'self' 'unsafe-inline';");
    const t = await createTestApp({ env: { PUBLIC_ANALYTICS_SRC: 'https://plausible.io/js/script.js' } });
    try {
      const csp = (await t.request('/api/health')).headers.get('content-security-policy')!;
      expect(csp).toContain("script-src 'self' 'unsafe-inline' https://plausible.io;");
      expect(csp).toContain("connect-src 'self' https://plausible.io;");
    } finally {
      t.close();
    }
  });
});
