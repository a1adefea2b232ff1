/**
 * The signature of the HTTP mail provider's webhooks. `MAIL_TRANSPORT=http` speaks Resend's API,
 * whose webhooks are sent by Svix (Standard Webhooks): headers `svix-id`, `svix-timestamp` (Unix
 * seconds) and `svix-signature` (space-separated `v1,<base64 HMAC-SHA256>`, several while a secret
 * rotates), signed over `<id>.<timestamp>.<raw body>` with the key in the secret (`whsec_<base64>`).
 * A timestamp outside the tolerance is refused, so a captured request cannot be replayed later;
 * within it, the event id makes a replay a no-op (webhook.ts).
 */
import { AppError } from '#worker/errors';
import { constantTimeEqual } from '#worker/platform/crypto';

export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;

export type SignedHeaders = { id?: string; timestamp?: string; signature?: string };

const toBase64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

function keyBytes(secret: string): Uint8Array<ArrayBuffer> {
  const encoded = secret.startsWith('whsec_') ? secret.slice(6) : secret;
  try {
    return Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
  } catch {
    // A secret that is no base64 is used as it is (a test or self-made sender).
    return new TextEncoder().encode(secret);
  }
}

/** The `v1` signature of `body` as the provider computes it. */
export async function svixSignature(secret: string, id: string, timestamp: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', keyBytes(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return toBase64(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${id}.${timestamp}.${body}`)));
}

/** Refuses (400 invalid_signature) a delivery that is not signed with `secret`, or signed too long ago or ahead. */
export async function verifySvix(secret: string, headers: SignedHeaders, body: string, now: number): Promise<string> {
  const { id, timestamp, signature } = headers;
  const seconds = Number(timestamp);
  if (!id || !timestamp || !signature || !Number.isInteger(seconds) || Math.abs(now - seconds * 1000) > WEBHOOK_TOLERANCE_MS) {
    throw new AppError('invalid_signature', 400);
  }
  const expected = await svixSignature(secret, id, timestamp, body);
  const matches = signature.split(' ').some((part) => {
    const [version, value = ''] = part.split(',');
    return version === 'v1' && constantTimeEqual(value, expected);
  });
  if (!matches) throw new AppError('invalid_signature', 400);
  return id;
}
