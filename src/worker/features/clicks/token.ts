import { TRACKED_MAILS } from '#db/schema/enums';
import type { Config } from '#worker/config';
import { constantTimeEqual, decodeBase64Url, encodeBase64Url, hmacSha256 } from '#worker/platform/crypto';

/** A counted link of a marketing mail: which mail, which link in it, and where it leads. */
export type TrackedLink = { kind: (typeof TRACKED_MAILS)[number]; mailId: string; index: number; url: string };

type Secret = Pick<Config, 'AUTH_SECRET'>;

/* 128 bits of the HMAC: enough that nobody forges a link, short enough for a tidy address. */
const SIGNATURE_CHARS = 32;

const mac = async (config: Secret, payload: string) =>
  (await hmacSha256(config.AUTH_SECRET, `click:${payload}`)).slice(0, SIGNATURE_CHARS);

/**
 * A link's token: `{[kind, mailId, index, url] as JSON, base64url}.{HMAC under AUTH_SECRET}`. It
 * names no recipient: every reader of a mail gets the same links. The target travels signed in
 * the token, so the redirect needs no lookup and cannot be pointed anywhere else.
 */
export async function clickToken(config: Secret, link: TrackedLink): Promise<string> {
  const payload = encodeBase64Url(JSON.stringify([link.kind, link.mailId, link.index, link.url]));
  return `${payload}.${await mac(config, payload)}`;
}

const isHttpUrl = (url: unknown): url is string => typeof url === 'string' && /^https?:\/\//i.test(url);

/** The link a token names; null for a forged, altered, truncated or malformed one. */
export async function readClickToken(config: Secret, token: string): Promise<TrackedLink | null> {
  const [payload = '', signature = '', ...rest] = token.split('.');
  if (rest.length > 0 || !payload || !constantTimeEqual(signature, await mac(config, payload))) return null;
  let parts: unknown;
  try {
    parts = JSON.parse(decodeBase64Url(payload) ?? '');
  } catch {
    return null;
  }
  if (!Array.isArray(parts) || parts.length !== 4) return null;
  const [kind, mailId, index, url] = parts as unknown[];
  const knownKind = TRACKED_MAILS.find((k) => k === kind);
  if (!knownKind || typeof mailId !== 'string' || !Number.isInteger(index) || !isHttpUrl(url)) return null;
  return { kind: knownKind, mailId, index: Number(index), url };
}
