/**
 * The Workers path end to end, as `wrangler dev` runs it: the repo's wrangler.toml and its
 * `[vars]` (production settings, no payment secrets), libSQL from a real sqld migrated by
 * `npm run db:migrate`, and mail through the HTTP transport to a loopback sink. One visitor's
 * journey: landing, lead, the link from the mail, signed in, 404 page, old address redirect.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hero } from '#shared/copy/landing';
import { SESSION_COOKIE } from '#shared/constants';
import { startMailSink, type MailSink } from '#support/mail-sink';
import { SQLD_PLATFORM, startMigratedSqld, type Sqld } from '#support/sqld';
import { startWranglerDev, type WranglerDev } from '#support/wrangler-dev';

describe.skipIf(!SQLD_PLATFORM)('the Workers path under wrangler dev', () => {
  let sqld: Sqld | undefined;
  let sink: MailSink | undefined;
  let dev: WranglerDev | undefined;
  /** The browser's cookie jar, for the one origin this test talks to. */
  const jar = new Map<string, string>();

  beforeAll(async () => {
    [sqld, sink] = await Promise.all([startMigratedSqld(), startMailSink()]);
    // Secrets as `wrangler secret put` would set them, and the mail API pointed at the sink.
    dev = await startWranglerDev({
      LIBSQL_URL: sqld.url,
      LIBSQL_AUTH_TOKEN: sqld.authToken,
      MAIL_API_URL: sink.url,
      MAIL_API_KEY: sink.apiKey,
      AUTH_SECRET: 'wrangler-dev-test-secret-of-at-least-32-chars',
    });
  }, 180_000);

  afterAll(async () => {
    await dev?.stop();
    await Promise.all([sqld?.stop(), sink?.close()]);
  }, 30_000);

  async function visit(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const res = await fetch(dev!.url + path, { ...init, headers, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
      if (value && !/max-age=0\b/i.test(cookie)) jar.set(name, value);
      else jar.delete(name);
    }
    return res;
  }
  const explain = async (res: Response) => `${res.status} ${await res.clone().text()}\n${dev!.log().slice(-2000)}`;

  it('takes a visitor from the landing page to signed in', async () => {
    const landing = await visit('/');
    expect(landing.status).toBe(200);
    const html = await landing.text();
    expect(html).toContain(hero.titleAccent);
    expect(html).toContain(hero.lead);

    const email = 'kari.workers@example.no';
    const lead = await visit('/api/lead', {
      method: 'POST',
      // Production settings: only PUBLIC_URL's origin may post (a browser on the real site).
      headers: { 'content-type': 'application/json', origin: 'https://soloprenor.no' },
      body: JSON.stringify({ email, firstName: 'Kari', acceptTerms: true, consentMarketing: true }),
    });
    expect(lead.status, await explain(lead)).toBe(201);
    expect(await lead.json()).toEqual({ ok: true, message: 'Vi har registrert deg – e-posten er på vei' });

    // Queued with the lead, delivered in the request's waitUntil.
    await vi.waitFor(() => expect(sink!.latest(email)).toBeTruthy(), { timeout: 10_000 });
    const mail = sink!.latest(email);
    expect(mail, 'the sign-in mail reached the HTTP mail API').toBeTruthy();
    expect(mail!.from).toContain('hei@soloprenor.no');
    expect(mail!.html).toContain(mail!.token);
    // The link names the public address (wrangler.toml's PUBLIC_URL); follow it here.
    const link = new URL(mail!.link!);
    expect(link.origin).toBe('https://soloprenor.no');
    const authPage = await visit(link.pathname + link.search);
    expect(authPage.status).toBe(200);

    // What the page's script does with the token from its address.
    const verified = await visit(`/api/auth/verify?token=${link.searchParams.get('token')}`);
    expect(verified.status, await explain(verified)).toBe(200);
    // PUBLIC_URL is https, so the cookie is Secure and `__Host-` prefixed.
    expect(jar.get(`__Host-${SESSION_COOKIE}`)).toBeTruthy();

    const me = await visit('/api/auth/me');
    expect(me.status, await explain(me)).toBe(200);
    expect(await me.json()).toMatchObject({ user: { email, firstName: 'Kari' } });
  });

  it('answers an unknown page with the 404 page and status 404', async () => {
    const res = await visit('/finnes-ikke');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
    expect(title(await res.text())).toBe(title(readFileSync('dist/404.html', 'utf8')));
  });

  it('redirects /vilkår to /vilkar', async () => {
    const res = await visit('/vilk%C3%A5r');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/vilkar');
  });
});
