import { MINUTE } from '#shared/time';
import { InvalidWebhookError } from './types';

/** A delivery dated further than this from our clock is refused: a recorded one cannot be replayed later. */
export const VIPPS_WEBHOOK_WINDOW_MS = 5 * MINUTE;

const encoder = new TextEncoder();
const base64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

/** Compares two strings in time that does not depend on where they differ. */
function equalStrings(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Checks a delivery as the Webhooks API documents it (request authentication): the body's
 * SHA-256 must equal `x-ms-content-sha256` (base64), and `Authorization` must be
 * `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=<s>` where `s` is the
 * base64 HMAC-SHA256, keyed with the registration's secret, of
 * `POST\n<path and query>\n<x-ms-date>;<host>;<content hash>`, the path and host being those of
 * the address Vipps posted to (`url`). A genuine delivery dated more than five minutes from `now`
 * is refused too (the docs' advice against replays). Web Crypto, so it runs on Workers.
 */
export async function verifyVippsSignature(input: {
  secret: string;
  url: string;
  body: string;
  headers: Headers;
  now: number;
}): Promise<void> {
  const { headers } = input;
  const date = headers.get('x-ms-date');
  const contentHash = headers.get('x-ms-content-sha256');
  const authorization = headers.get('authorization');
  if (!date || !contentHash || !authorization)
    throw new InvalidWebhookError('x-ms-date, x-ms-content-sha256 or Authorization missing');
  const actualHash = base64(await crypto.subtle.digest('SHA-256', encoder.encode(input.body)));
  if (!equalStrings(actualHash, contentHash)) throw new InvalidWebhookError('the body does not match x-ms-content-sha256');
  // The address as the app received it (Node builds it from the Host header; workerd keeps the original).
  const url = new URL(input.url);
  const signed = `POST\n${url.pathname}${url.search}\n${date};${url.host};${contentHash}`;
  const key = await crypto.subtle.importKey('raw', encoder.encode(input.secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const signature = base64(await crypto.subtle.sign('HMAC', key, encoder.encode(signed)));
  const expected = `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${signature}`;
  if (!equalStrings(expected, authorization)) throw new InvalidWebhookError('the HMAC signature does not match');
  const sent = Date.parse(date);
  if (!(Math.abs(input.now - sent) <= VIPPS_WEBHOOK_WINDOW_MS))
    throw new InvalidWebhookError(`x-ms-date ${date} is more than five minutes from now`);
}
