import { and, eq, gte, lt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leads, mailClickRefs, mailLinkClicks, mailQueue, payments } from '#db/schema';
import { DAY } from '#shared/time';
import { appPerTest, TEST_ORIGIN } from '#support/app';
import { audience } from '#support/audience';
import { deleteExpired } from '#worker/jobs/cleanup';
import { sendDueNewsletters } from '#worker/jobs/newsletters';
import { trackLinks } from './rewrite';
import { clickToken, type TrackedLink } from './token';

const t = appPerTest({ seed: true, env: { NEWSLETTER_RATE_PER_MINUTE: '1000' } });
const ADMIN = 'admin@soloprenor.no';
const LINK: TrackedLink = { kind: 'newsletter', mailId: 'n1', index: 0, url: 'https://example.com/verktoy?a=1' };

const tokenFor = (link: TrackedLink = LINK) => clickToken(t.deps.config, link);
const click = (token: string, init: { method?: string; headers?: Record<string, string>; token?: string } = {}) =>
  t.request(`/r/${token}`, init);
const counted = () => t.db.select().from(mailLinkClicks);

describe('trackLinks', () => {
  it('sends every web link through a signed /r/ link, in order, and the same address in the text with it', async () => {
    const draft = {
      subject: 'Hei',
      text: 'Les [guiden](http://localhost:4321/guide) og https://example.com/a.\nIgjen: https://example.com/a',
      rows: [
        '<p><a href="http://localhost:4321/guide">guiden</a> <a href="https://example.com/a">a</a> <a href="mailto:x@y.no">post</a></p>',
      ],
    };
    const tracked = await trackLinks(t.deps.config, draft, { kind: 'newsletter', mailId: 'n1' });
    const hrefs = [...tracked.rows[0]!.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
    expect(hrefs[0]).toMatch(new RegExp(`^${TEST_ORIGIN}/r/[\\w-]+\\.[0-9a-f]{32}$`));
    expect(hrefs[1]).toMatch(/\/r\//);
    expect(hrefs[2]).toBe('mailto:x@y.no');
    // The plain text carries the same counted links, each address its first link's.
    expect(tracked.text).toContain(`(${hrefs[0]})`);
    expect(tracked.text.split(hrefs[1]!)).toHaveLength(3);
    expect(tracked.text).not.toContain('example.com');

    // A link to this site carries the mail's UTM campaign (a sign-up through it counts for the mail).
    const res = await click(hrefs[0]!.split('/r/')[1]!);
    expect(res.status).toBe(302);
    const target = new URL(res.headers.get('location')!);
    expect(target.pathname).toBe('/guide');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      utm_source: 'e-post',
      utm_medium: 'newsletter',
      utm_campaign: 'newsletter-n1',
    });
    // Another site's link leads exactly where the admin wrote.
    expect((await click(hrefs[1]!.split('/r/')[1]!)).headers.get('location')).toBe('https://example.com/a');
  });
});

describe('GET /r/{token}', () => {
  it('counts the click into its mail, link and day, and redirects (302, not cached) in one round trip', async () => {
    const token = await tokenFor();
    t.roundTrips.reset();
    const res = await click(token);
    expect(t.roundTrips.count).toBe(1);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(LINK.url);
    expect(res.headers.get('cache-control')).toBe('no-store');
    await click(token);
    t.clock.advance(DAY);
    await click(token);
    expect((await counted()).map((r) => [r.mailKind, r.mailId, r.linkIndex, r.day, r.url, r.clicks])).toEqual([
      ['newsletter', 'n1', 0, '2026-11-21', LINK.url, 2],
      ['newsletter', 'n1', 0, '2026-11-22', LINK.url, 1],
    ]);
  });

  it('counts each GET as a click, but not a HEAD or a browser’s prefetch', async () => {
    const token = await tokenFor();
    expect((await click(token, { method: 'HEAD' })).status).toBe(302);
    expect((await click(token, { headers: { 'sec-purpose': 'prefetch' } })).status).toBe(302);
    expect(await counted()).toEqual([]);
  });

  it('refuses a forged, altered or malformed token with the 404 page, never a redirect', async () => {
    const token = await tokenFor();
    const [payload, signature] = token.split('.') as [string, string];
    const evil = Buffer.from(JSON.stringify(['newsletter', 'n1', 0, 'https://evil.example'])).toString('base64url');
    for (const bad of [
      `${evil}.${signature}`,
      `${payload}.${'0'.repeat(32)}`,
      payload,
      `${payload}.${signature}.x`,
      'ikke-en-lenke',
      `${Buffer.from('[1,2]').toString('base64url')}.${signature}`,
    ]) {
      const res = await click(bad);
      expect(res.status, bad).toBe(404);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.text()).toContain('Fant ikke siden');
    }
    // A signed token for a non-web address is refused too.
    expect((await click(await tokenFor({ ...LINK, url: 'javascript:alert(1)' }))).status).toBe(404);
    expect(await counted()).toEqual([]);
  });
});

describe('attribution', () => {
  const upgrade = (token: string) =>
    t.as(token).premium.upgrade.$post({ json: { plan: 'yearly', price: '1995', withdrawalConsent: true } });
  const mailRefs = async () => (await t.db.select({ ref: payments.mailRef }).from(payments)).map((p) => p.ref);

  it('attributes a purchase within 7 days of a signed-in click to the mail, and none after', async () => {
    const early = await t.signIn('kari@example.no');
    const late = await t.signIn('ola@example.no');
    const token = await tokenFor();
    await click(token, { token: early.sessionToken });
    await click(token, { token: late.sessionToken });
    // Nothing that names the reader is in the link; the signed-in browser's user keeps the last mail clicked.
    expect(await t.db.select({ ref: mailClickRefs.mailRef }).from(mailClickRefs)).toEqual([
      { ref: 'newsletter:n1' },
      { ref: 'newsletter:n1' },
    ]);
    t.clock.advance(6 * DAY);
    expect((await upgrade(early.sessionToken)).status).toBe(200);
    t.clock.advance(2 * DAY);
    expect((await upgrade(late.sessionToken)).status).toBe(200);
    expect(await mailRefs()).toEqual(expect.arrayContaining(['newsletter:n1', null]));
    // Past the window the clean-up job forgets the clicks.
    await deleteExpired(t.db, t.clock.now());
    expect(await t.db.select().from(mailClickRefs)).toEqual([]);
  });

  it('an anonymous click counts, and attributes nothing to anyone', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    await click(await tokenFor());
    expect((await upgrade(sessionToken)).status).toBe(200);
    expect(await mailRefs()).toEqual([null]);
    expect(await counted()).toHaveLength(1);
  });
});

describe('a newsletter’s stats (GET /api/admin/newsletters/{id})', () => {
  it('counts clicks per link, sign-ups through its links and purchases after a click', async () => {
    const admin = (await t.signIn(ADMIN)).sessionToken;
    const api = t.as(admin).admin.newsletters;
    await audience(t).user('leser@example.no');
    const created = await api.$post({
      json: {
        subject: 'Ukens tips',
        markdown: 'Les [guiden](/guide) og [verktøyet](https://example.com/v).',
        segment: { kind: 'free' },
      },
    });
    const { id } = (await created.json()).newsletter;
    await api[':id'].send.$post({ param: { id }, json: {} });
    await sendDueNewsletters(t.deps, { budgetMs: Infinity });
    const [mail] = await t.db
      .select()
      .from(mailQueue)
      .where(and(gte(mailQueue.dedupeKey, `newsletter:${id}:`), lt(mailQueue.dedupeKey, `newsletter:${id};`)));
    const links = [...mail!.html!.matchAll(/href="[^"]*\/r\/([^"]+)"/g)].map((m) => m[1]!);
    expect(links).toHaveLength(2);
    // No open pixel: the mail loads no image from us.
    expect(mail!.html).not.toMatch(/<img[^>]+src="http:\/\/localhost/);

    const reader = await t.signIn('leser@example.no');
    const guide = await click(links[0]!, { token: reader.sessionToken });
    await click(links[1]!);
    await click(links[1]!);
    // The reader buys; a forwarded reader signs up through the link's UTM campaign.
    await t.as(reader.sessionToken).premium.upgrade.$post({ json: { plan: 'yearly', price: '1995', withdrawalConsent: true } });
    const utm = new URL(guide.headers.get('location')!).searchParams;
    expect(
      (
        await t.api.lead.$post({
          json: {
            email: 'venn@example.no',
            acceptTerms: true,
            consentMarketing: false,
            utm: { source: utm.get('utm_source')!, medium: utm.get('utm_medium')!, campaign: utm.get('utm_campaign')! },
          },
        })
      ).status,
    ).toBeLessThan(300);
    expect(await t.db.select({ c: leads.utmCampaign }).from(leads).where(eq(leads.email, 'venn@example.no'))).toEqual([
      { c: `newsletter-${id}` },
    ]);

    const res = await api[':id'].$get({ param: { id } });
    expect(res.status).toBe(200);
    const stats = await res.json();
    expect(stats.newsletter).toMatchObject({ status: 'sent', clicks: 3, signups: 1, purchases: 1 });
    expect(stats.links).toEqual([
      { index: 0, url: expect.stringMatching(/\/guide\?utm_source=e-post/), clicks: 1 },
      { index: 1, url: 'https://example.com/v', clicks: 2 },
    ]);
  });
});
