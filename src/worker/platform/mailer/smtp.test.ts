import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { createServer as createTcpServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#support/app';
import { smtpSink } from '#support/smtp-sink';
import { magicLinkEmail } from '#worker/emails/magic-link';
import { smtpMailer } from './smtp';

/** A real SMTP server on loopback, standing in for the mail provider. */
const sink = smtpSink();
const inbox = sink.inbox;
let url: string;

beforeAll(async () => {
  await sink.start();
  url = sink.url;
});
afterAll(() => sink.stop());

const from = 'Soloprenør <hei@soloprenor.no>';
const options = { heloName: 'soloprenor.no' };

describe('smtpMailer', () => {
  it('delivers the magic-link e-mail as multipart text and HTML', async () => {
    const link = 'https://soloprenor.no/guide/auth?token=AbC-_123';
    await smtpMailer(url, from, options).send(magicLinkEmail({ to: 'kari@example.no', link, code: '482913' }));
    const received = inbox.at(-1)!;
    expect(received.from).toBe('hei@soloprenor.no');
    expect(received.to).toEqual(['kari@example.no']);

    const message = await simpleParser(received.raw);
    expect(message.subject).toBe('Din innloggingslenke til Soloprenør');
    expect(message.from?.value[0]).toEqual({ name: 'Soloprenør', address: 'hei@soloprenor.no' });
    expect(message.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
    for (const part of [message.text!, message.html as string]) {
      expect(part).toContain(link);
      expect(part).toContain('482913');
      expect(part).toContain('15 minutter');
      expect(part).toContain('Hei!');
    }
    // Plain text has no button to press; the HTML's fallback address is a link of its own.
    expect(message.text).not.toMatch(/knapp/i);
    expect(message.text).toContain('Åpne lenken under');
    expect((message.html as string).split(`href="${link}"`)).toHaveLength(3);
  });

  it('marks the mail machine-written and greets the server with our own host name', async () => {
    await smtpMailer(url, from, options).send(
      magicLinkEmail({ to: 'kari@example.no', link: 'https://soloprenor.no/guide/auth?token=x', code: '111111' }),
    );
    const received = inbox.at(-1)!;
    expect(received.helo).toBe('soloprenor.no');
    expect((await simpleParser(received.raw)).headers.get('auto-submitted')).toBe('auto-generated');
  });

  it('passes on the headers a message asks for', async () => {
    const unsubscribe = '<https://soloprenor.no/avmelding?t=abc>';
    await smtpMailer(url, from, options).send({
      to: 'kari@example.no',
      subject: 'Tips',
      text: 'Hei',
      html: '<p>Hei</p>',
      headers: { 'List-Unsubscribe': unsubscribe },
    });
    const headers = (await simpleParser(inbox.at(-1)!.raw)).headers;
    expect(headers.get('list')).toMatchObject({ unsubscribe: { url: 'https://soloprenor.no/avmelding?t=abc' } });
    expect(headers.get('auto-submitted')).toBe('auto-generated');
  });

  it('gives up on a server that never greets instead of holding the request', async () => {
    const silent = createTcpServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, from, { ...options, timeoutMs: 200 });
      await expect(mailer.send({ to: 'kari@example.no', subject: 'x', text: 'x', html: '<p>x</p>' })).rejects.toThrow(
        /greeting|timeout/i,
      );
    } finally {
      silent.close();
    }
  });

  it('carries a working sign-in link when the app sends through it', async () => {
    const t = await createTestApp({ mailer: smtpMailer(url, from, options) });
    try {
      const res = await t.api.auth['magic-link'].$post({ json: { email: 'ola@example.no' } });
      expect(res.status).toBe(200);
      const received = inbox.findLast((m) => m.to.includes('ola@example.no'))!;
      const text = (await simpleParser(received.raw)).text!;
      const token = /\/guide\/auth\?token=([\w-]{43})/.exec(text)?.[1];
      expect(token).toBeDefined();
      expect(text).toMatch(/Bruk denne koden: \d{6}/);

      const verify = await t.api.auth.verify.$get({ query: { token: token! } });
      expect(verify.status).toBe(200);
      expect((await verify.json()).user.email).toBe('ola@example.no');
    } finally {
      t.close();
    }
  });

  it('fails when the server refuses the message', async () => {
    const refusing = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    try {
      const port = (refusing.server.address() as AddressInfo).port;
      await expect(
        smtpMailer(`smtp://127.0.0.1:${port}`, 'hei@soloprenor.no', options).send(
          magicLinkEmail({ to: 'kari@example.no', link: 'https://x.no/guide/auth?token=a', code: '123456' }),
        ),
      ).rejects.toThrow();
    } finally {
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });
});
