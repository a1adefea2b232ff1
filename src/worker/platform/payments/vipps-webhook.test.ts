import { describe, expect, it } from 'vitest';
import { DAY, MINUTE } from '#shared/time';
import { InvalidWebhookError } from './types';
import { verifyVippsSignature } from './vipps-webhook';

/** The worked example in Vipps MobilePay's Webhooks API docs (request authentication). */
const DOCS = {
  secret: 'A0+AeKBRG2KRGvnNwJpQlb6IJFk48CKXCIcrLoHncVJKDILsQSxS6NWCccwWm6r6FhGKhiHTBsG2wo/xU6FY/A==',
  url: 'https://webhook.site/e2cee29b-012e-4f1d-8ef4-e95fd74a7a63',
  body: '{"some-unique-content":"ee6e441b-cc4a-46f8-895d-a5af79bcc233/hello-world"}',
  headers: {
    'x-ms-date': 'Thu, 30 Mar 2023 08:38:32 GMT',
    'x-ms-content-sha256': 'lNlsp1XA03N34HrQsVzPgJKtC+r7l/RBF4V3JQUWMj4=',
    authorization:
      'HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=agAiSyogQbDHpeucoNwYz+yAr5nJ+v+zasdkSbqzv+U=',
  },
};
const SENT = Date.parse(DOCS.headers['x-ms-date']);
const verify = (over: { secret?: string; url?: string; body?: string; headers?: Record<string, string>; now?: number } = {}) =>
  verifyVippsSignature({
    now: over.now ?? SENT,
    secret: over.secret ?? DOCS.secret,
    url: over.url ?? DOCS.url,
    body: over.body ?? DOCS.body,
    headers: new Headers(over.headers ?? DOCS.headers),
  });

describe('verifyVippsSignature', () => {
  it('accepts the documented example', async () => {
    await expect(verify()).resolves.toBeUndefined();
  });

  it('refuses another secret, body, address or date, and a delivery without the headers', async () => {
    await expect(verify({ secret: 'another' })).rejects.toBeInstanceOf(InvalidWebhookError);
    await expect(verify({ body: DOCS.body.replace('hello', 'hallo') })).rejects.toThrow('x-ms-content-sha256');
    await expect(verify({ url: 'https://webhook.site/another-path' })).rejects.toThrow('HMAC');
    await expect(verify({ headers: { ...DOCS.headers, 'x-ms-date': 'Thu, 30 Mar 2023 08:38:33 GMT' } })).rejects.toThrow('HMAC');
    await expect(verify({ headers: { 'x-ms-date': DOCS.headers['x-ms-date'] } })).rejects.toThrow('missing');
  });

  it('refuses a genuine delivery dated more than five minutes from now, either way', async () => {
    await expect(verify({ now: SENT + 5 * MINUTE })).resolves.toBeUndefined();
    await expect(verify({ now: SENT - 5 * MINUTE })).resolves.toBeUndefined();
    await expect(verify({ now: SENT + 5 * MINUTE + 1000 })).rejects.toThrow('five minutes');
    await expect(verify({ now: SENT - 5 * MINUTE - 1000 })).rejects.toThrow('five minutes');
    await expect(verify({ now: SENT + 365 * DAY })).rejects.toBeInstanceOf(InvalidWebhookError);
  });
});
