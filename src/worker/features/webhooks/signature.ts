import { hmacSha256 } from '#worker/platform/crypto';

/** The header a receiver checks (README, "Webhooks"): `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const SIGNATURE_HEADER = 'Soloprenor-Signature';

/**
 * The signature of `body` sent at `at` (ms) under the endpoint's secret, Stripe's scheme: the time
 * is signed with the body, so a receiver that refuses old timestamps refuses a replayed delivery.
 * Web Crypto on Workers (platform/crypto.ts), Node's HMAC on Node: the same bytes.
 */
export async function signatureHeader(secret: string, body: string, at: number): Promise<string> {
  const t = Math.floor(at / 1000);
  return `t=${t},v1=${await hmacSha256(secret, `${t}.${body}`)}`;
}
