import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPerTest } from '#support/app';
import { audience } from '#support/audience';
import { smtpSink } from '#support/smtp-sink';
import { smtpMailer } from '#worker/platform/mailer/smtp';
import { sendDueNewsletters } from './newsletters';

/** A real SMTP server on loopback, standing in for the mail provider. */
const sink = smtpSink();
beforeAll(() => sink.start());
afterAll(() => sink.stop());

const t = appPerTest();

describe('a newsletter through SMTP', () => {
  it('arrives as text and HTML, with the reader’s own unsubscribe link and one-click headers, and the postal address', async () => {
    const people = audience(t);
    await people.user('kari@example.no');
    await people.user('ola@example.no');
    const token = (await t.signIn('admin@soloprenor.no')).sessionToken;
    // Signed in through the outbox; from here on mail goes over SMTP.
    t.deps.mailer = smtpMailer(sink.url, 'Soloprenør <hei@soloprenor.no>', { heloName: 'soloprenor.no' });
    const newsletters = t.as(token).admin.newsletters;
    const created = await newsletters.$post({
      json: {
        subject: 'Tre AI-verktøy',
        markdown: 'Hei!\n\nPrøv **Canva** i dag. Mer i [guiden](/guide).',
        segment: { kind: 'free' },
      },
    });
    if (created.status !== 201) throw new Error(`newsletter: ${created.status}`);
    const { newsletter } = await created.json();
    await newsletters[':id'].send.$post({ param: { id: newsletter.id }, json: {} });
    const before = sink.inbox.length;
    await sendDueNewsletters(t.deps);
    await t.deliverMail();

    const received = sink.inbox.slice(before);
    expect(received.map((r) => r.to[0]).sort()).toEqual(['kari@example.no', 'ola@example.no']);
    const kari = received.find((r) => r.to[0] === 'kari@example.no')!;
    const message = await simpleParser(kari.raw);
    expect(message.subject).toBe('Tre AI-verktøy');
    expect(message.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
    expect(kari.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const oneClick = (message.headers.get('list') as unknown as { unsubscribe: { url: string } }).unsubscribe.url;
    expect(oneClick).toMatch(/^http:\/\/localhost:4321\/api\/unsubscribe\?token=/);
    expect(oneClick).toContain(Buffer.from('kari@example.no').toString('base64url'));

    const html = message.html as string;
    const text = message.text!;
    expect(html).toContain('<strong>Canva</strong>');
    // The guide link goes through the counting redirect, the same in both parts (docs/decisions/0057-click-counting.md).
    const counted = /href="(http:\/\/localhost:4321\/r\/[\w-]+\.[0-9a-f]{32})"/.exec(html)?.[1];
    expect(counted).toBeDefined();
    expect(text).toContain(`Prøv **Canva** i dag. Mer i [guiden](${counted}).`);
    for (const part of [html, text]) {
      expect(part).toContain('Soloprenør AS, Strandkaien 2, 5013 Bergen');
      expect(part).toContain(`http://localhost:4321/avmelding?token=${new URL(oneClick).searchParams.get('token')!}`);
    }

    // The header's one-click POST (RFC 8058) unsubscribes her, and the newsletter counts it.
    t.clock.advance(60_000);
    const res = await t.app.request(oneClick.replace('http://localhost:4321', ''), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    const figures = await (await newsletters[':id'].$get({ param: { id: newsletter.id } })).json();
    expect(figures).toMatchObject({ newsletter: { status: 'sent', recipients: 2, sent: 2, unsubscribed: 1 } });
  });
});
