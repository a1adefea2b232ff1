import { describe, expect, it } from 'vitest';
import { consentEvents, erasureMarks, mailQueue, reminderSettings } from '#db/schema';
import { paragraph } from '#worker/emails/layout';
import type { MarketingDraft } from '#worker/emails/marketing';
import { appPerTest, TEST_ORIGIN } from '#support/app';
import { rowsMentioning } from '#support/user-data';
import { marketingMailsStatement, sendMarketingEmail } from './index';
import { unsubscribeToken } from './unsubscribe';

/*
 * Erasure stays erased (docs/decisions/0044): the links of mails sent before an account was
 * deleted answer as they would for anyone already unsubscribed, and write nothing that names the
 * address; only a new consent, given after the erasure, lets marketing mail reach it again.
 */

const t = appPerTest();
const KARI = 'kari@example.no';
const DRAFT: MarketingDraft = { subject: 'Ukens tips', text: 'Hei', rows: [paragraph('Hei')] };

/** Signs up with marketing consent (confirmed by the link), turns reminders on; the old mails' links. */
async function subscriberWithLinks() {
  await t.api.lead.$post({ json: { email: KARI, acceptTerms: true, consentMarketing: true } });
  const verified = await t.api.auth.verify.$get({ query: { token: (await t.latestMail(KARI))!.token! } });
  const { user, sessionToken } = await verified.json();
  await t.as(sessionToken).account.reminders.$put({ json: { enabled: true } });
  const [settings] = await t.db.select().from(reminderSettings);
  return { user, sessionToken, unsubscribe: await unsubscribeToken(t.deps.config, KARI), offToken: settings!.offToken };
}

async function erase(sessionToken: string) {
  const res = await t.api.account.$delete({}, { headers: { cookie: `sp_session=${sessionToken}`, origin: TEST_ORIGIN } });
  expect(res.status).toBe(200);
}

const oneClick = (path: string) =>
  t.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });

describe('links from mails sent before the account was erased', () => {
  it('answer "already unsubscribed" and "reminders off", page and one-click, and store nothing naming the address', async () => {
    const kari = await subscriberWithLinks();
    await erase(kari.sessionToken);
    expect(await rowsMentioning(t, [KARI, kari.user.id])).toEqual({});

    const query = { token: kari.unsubscribe };
    expect(await (await t.api.unsubscribe.$get({ query })).json()).toEqual({ email: KARI, subscribed: false });
    const unsubscribed = await oneClick(`/api/unsubscribe?token=${encodeURIComponent(kari.unsubscribe)}`);
    expect(unsubscribed.status).toBe(200);
    expect(await unsubscribed.json()).toEqual({ email: KARI, message: 'Du er meldt av.' });
    // The confirmation page's own POST, from the site.
    expect((await t.api.unsubscribe.$post({ query }, { headers: { origin: TEST_ORIGIN } })).status).toBe(200);

    const off = `/api/reminders/off?token=${encodeURIComponent(kari.offToken)}`;
    expect(await (await t.request(off)).json()).toEqual({ enabled: false });
    const page = await t.request(off, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<h1>Slå av påminnelser</h1>');
    const turnedOff = await oneClick(off);
    expect(turnedOff.status).toBe(200);
    expect(await turnedOff.json()).toEqual({ enabled: false });

    expect(await rowsMentioning(t, [KARI, kari.user.id])).toEqual({});
    expect(await t.db.select().from(consentEvents)).toEqual([]);
    // What is kept: two keyed marks, neither holding the address.
    expect((await t.db.select().from(erasureMarks)).map((m) => m.mark)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^[0-9a-f]{64}$/), `reminder:${kari.offToken}`]),
    );
  });

  it('keep the address from marketing mail, until the person signs up again and consents anew', async () => {
    const kari = await subscriberWithLinks();
    await erase(kari.sessionToken);
    const send = (key: string) => sendMarketingEmail(t.deps, { to: KARI, draft: DRAFT, dedupeKey: key });
    const sendMany = async (key: string) => {
      const statements = await marketingMailsStatement(t.deps, {
        draft: DRAFT,
        recipients: [{ to: KARI, dedupeKey: key }],
        now: t.clock.now(),
      });
      await t.db.batch(statements);
    };
    expect(await send('tips-1')).toBe(false);
    await sendMany('tips-2');
    expect(await t.db.select().from(mailQueue)).toEqual([]);

    // Back by signing in, without consent to marketing: the guide, no marketing mail.
    t.clock.advance(60_000);
    await t.signIn(KARI);
    expect(await send('tips-3')).toBe(false);

    // A new consent, confirmed: mail reaches them again, and the old link unsubscribes as for anyone.
    t.clock.advance(60_000);
    await t.api.lead.$post({ json: { email: KARI, acceptTerms: true, consentMarketing: true } });
    await t.api.auth.verify.$get({ query: { token: (await t.latestMail(KARI))!.token! } });
    expect(await send('tips-4')).toBe(true);
    await sendMany('tips-5');
    expect((await t.db.select().from(mailQueue)).filter((m) => m.kind === 'marketing').map((m) => m.dedupeKey)).toEqual([
      'tips-4',
      'tips-5',
    ]);
    await oneClick(`/api/unsubscribe?token=${encodeURIComponent(kari.unsubscribe)}`);
    expect((await t.db.select().from(consentEvents)).map((e) => e.action)).toContain('withdrawn');
  });
});
