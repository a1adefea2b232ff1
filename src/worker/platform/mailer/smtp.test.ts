import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#support/app';
import { magicLinkEmail } from '#worker/emails/magic-link';
import { smtpMailer } from './smtp';

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on loopback (plain text, no auth), standing in for the mail provider. */
let server: SMTPServer;
let url: string;
const inbox: Received[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// --- a small MIME reader, enough for what nodemailer writes ---

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, at).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(at + 4) };
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const soft = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** RFC 2047 encoded words, as in `Subject: =?UTF-8?Q?...?=`. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function parseMessage(raw: string) {
  const { headers, body } = splitHeaders(raw);
  const type = headers.get('content-type') ?? '';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((chunk) => {
          const part = splitHeaders(chunk.replace(/^\r\n/, ''));
          return { type: part.headers.get('content-type') ?? '', content: decodeBody(part.headers, part.body) };
        })
    : [];
  return { headers, type, subject: decodeHeader(headers.get('subject') ?? ''), parts };
}

describe('smtpMailer', () => {
  it('delivers the magic-link e-mail as multipart text and HTML', async () => {
    const link = 'https://soloprenor.no/guide/auth?token=AbC-_123';
    await smtpMailer(url, 'Soloprenør <hei@soloprenor.no>').send(
      magicLinkEmail({ to: 'kari@example.no', link, code: '482913' }),
    );
    const received = inbox.at(-1)!;
    expect(received.from).toBe('hei@soloprenor.no');
    expect(received.to).toEqual(['kari@example.no']);

    const message = parseMessage(received.raw);
    expect(message.subject).toBe('Din innloggingslenke til Soloprenør');
    expect(decodeHeader(message.headers.get('from')!)).toContain('hei@soloprenor.no');
    expect(message.headers.get('to')).toBe('kari@example.no');
    expect(message.type).toMatch(/^multipart\/alternative/);

    const text = message.parts.find((p) => p.type.startsWith('text/plain'));
    const html = message.parts.find((p) => p.type.startsWith('text/html'));
    expect(text && html).toBeTruthy();
    for (const part of [text!, html!]) {
      expect(part.content).toContain(link);
      expect(part.content).toContain('482913');
      expect(part.content).toContain('15 minutter');
      expect(part.content).toContain('Hei!');
    }
    expect(html!.content).toContain(`href="${link}"`);
  });

  it('carries a working sign-in link when the app sends through it', async () => {
    const t = await createTestApp({ mailer: smtpMailer(url, 'Soloprenør <hei@soloprenor.no>') });
    try {
      const res = await t.request('/api/auth/magic-link', { json: { email: 'ola@example.no' } });
      expect(res.status).toBe(200);
      const received = inbox.findLast((m) => m.to.includes('ola@example.no'))!;
      const text = parseMessage(received.raw).parts.find((p) => p.type.startsWith('text/plain'))!.content;
      const token = /\/guide\/auth\?token=([\w-]{43})/.exec(text)?.[1];
      expect(token).toBeDefined();
      expect(text).toMatch(/Bruk denne koden: \d{6}/);

      const verify = await t.request(`/api/auth/verify?token=${token}`);
      expect(verify.status).toBe(200);
      expect(((await verify.json()) as { user: { email: string } }).user.email).toBe('ola@example.no');
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
        smtpMailer(`smtp://127.0.0.1:${port}`, 'hei@soloprenor.no').send(
          magicLinkEmail({ to: 'kari@example.no', link: 'https://x.no/guide/auth?token=a', code: '123456' }),
        ),
      ).rejects.toThrow();
    } finally {
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });
});
