/** Web Crypto, so the same code runs on Node and in Workers (Node's hashes where they are faster). */
import type * as NodeCrypto from 'node:crypto';

export function randomToken(bytes = 32): string {
  const buf = crypto.getRandomValues(new Uint8Array(bytes));
  return base64url(buf);
}

export function randomDigits(length: number): string {
  // Rejection sampling keeps every digit uniformly likely.
  let out = '';
  while (out.length < length) {
    for (const b of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (b < 250 && out.length < length) out += String(b % 10);
    }
  }
  return out;
}

/**
 * Node's own hash module where there is one (fetched at run time, so no bundle for Workers
 * pulls it in). Web Crypto's digest on Node is a round trip through the libuv thread pool for
 * every call, and under load those queue: every signed-in request hashes its session token, and
 * every sign-up and sign-in keys a few HMACs.
 */
const nodeCrypto = (
  globalThis as { process?: { getBuiltinModule?: (id: 'node:crypto') => typeof NodeCrypto } }
).process?.getBuiltinModule?.('node:crypto');

export async function sha256(input: string): Promise<string> {
  if (nodeCrypto) return nodeCrypto.createHash('sha256').update(input).digest('hex');
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(input)));
}

const hmacKeys = new Map<string, Promise<CryptoKey>>();

/** HMAC-SHA-256 of `input` under `secret`, lowercase hex: a hash nobody without the secret can reverse by trying inputs. */
export async function hmacSha256(secret: string, input: string): Promise<string> {
  if (nodeCrypto) return nodeCrypto.createHmac('sha256', secret).update(input).digest('hex');
  let key = hmacKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    hmacKeys.set(secret, key);
  }
  const mac = await crypto.subtle.sign('HMAC', await key, new TextEncoder().encode(input));
  return hex(mac);
}

function hex(buf: ArrayBuffer): string {
  return [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function base64url(buf: Uint8Array): string {
  let s = '';
  for (const b of buf) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
