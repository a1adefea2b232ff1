import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '#support/app';
import { httpMailer } from './http';

/** A local stand-in for the e-mail provider's HTTP API (it lives outside the machine in production). */
type Captured = { method: string; url: string; headers: IncomingHttpHeaders; body: string };
let server: Server;
let baseUrl: string;
let captured: Captured[] = [];
let answer = { status: 200, body: '{"id":"msg_1"}' };

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      captured.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  captured = [];
  answer = { status: 200, body: '{"id":"msg_1"}' };
});

const message = { to: 'kari@example.no', subject: 'Din innloggingslenke til Soloprenør', text: 'Hei!', html: '<p>Hei!</p>' };

describe('httpMailer', () => {
  it('POSTs the message as JSON with the sender and a Bearer key', async () => {
    const mailer = httpMailer({ url: `${baseUrl}/emails`, apiKey: 're_test_123', from: 'Soloprenør <hei@soloprenor.no>' });
    await mailer.send(message);
    expect(captured).toHaveLength(1);
    const req = captured[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/emails');
    expect(req.headers.authorization).toBe('Bearer re_test_123');
    expect(req.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(req.body)).toEqual({
      from: 'Soloprenør <hei@soloprenor.no>',
      ...message,
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
  });

  it.each([400, 401, 422, 500, 503])('throws when the API answers %i', async (status) => {
    answer = { status, body: '{"error":"nope"}' };
    const mailer = httpMailer({ url: `${baseUrl}/emails`, apiKey: 'k', from: 'hei@soloprenor.no' });
    await expect(mailer.send(message)).rejects.toThrow(String(status));
  });

  it('throws when the API cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const mailer = httpMailer({ url: `http://127.0.0.1:${port}/emails`, apiKey: 'k', from: 'hei@soloprenor.no' });
    await expect(mailer.send(message)).rejects.toThrow();
  });

  it('keeps a sign-in mail the API refused queued, and delivers it once the API answers again', async () => {
    answer = { status: 502, body: 'Bad gateway' };
    const t = await createTestApp({ mailer: httpMailer({ url: `${baseUrl}/emails`, apiKey: 'k', from: 'hei@soloprenor.no' }) });
    try {
      const res = await t.api.auth['magic-link'].$post({ json: { email: 'kari@example.no' } });
      expect(res.status).toBe(200);
      const { requestId } = await res.json();
      expect(captured).toHaveLength(1);
      const status = async () => (await t.api.auth['magic-link'][':requestId'].$get({ param: { requestId } })).json();
      expect(await status()).toEqual({ status: 'pending' });

      answer = { status: 200, body: '{"id":"msg_2"}' };
      t.clock.advance(60_000);
      await t.deliverMail();
      expect(captured).toHaveLength(2);
      expect(JSON.parse(captured[1]!.body).to).toBe('kari@example.no');
      expect(await status()).toEqual({ status: 'sent' });
    } finally {
      t.close();
    }
  });
});
