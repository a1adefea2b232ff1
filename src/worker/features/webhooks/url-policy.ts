import type { Config } from '#worker/config';

/**
 * Where a webhook may be sent (checked when registered and again before each send): https only,
 * but plain http to this machine outside production (a receiver under test); in production no
 * address on this machine or a private network — the server must not become a way into what
 * sits behind it (SSRF). A name is judged as written; a public name that resolves to a private
 * address is not caught here (docs/decisions/0053-webhooks-out.md). Returns why not, or null.
 */
export function refusedUrl(config: Pick<Config, 'APP_ENV'>, raw: string): 'not_https' | 'private_address' | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not_https';
  }
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const local = isLocalName(host);
  const production = config.APP_ENV === 'production';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local && !production)) return 'not_https';
  if (production && (local || isPrivateAddress(host))) return 'private_address';
  return null;
}

function isLocalName(host: string) {
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host);
}

/** IPv4 and IPv6 literals of loopback, private, link-local, CGNAT and unspecified ranges; and names only a LAN knows. */
function isPrivateAddress(host: string): boolean {
  if (host.endsWith('.local') || host.endsWith('.internal') || (!host.includes('.') && !host.includes(':'))) return true;
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host)?.slice(1).map(Number);
  if (v4) {
    const [a, b] = v4 as [number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b < 128) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b < 32) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  if (host.includes(':')) {
    const mapped = /^::ffff:(.+)$/.exec(host)?.[1];
    if (mapped) return mapped.includes('.') ? isPrivateAddress(mapped) : true;
    return host === '::' || host === '::1' || /^f[cd]/.test(host) || /^fe[89ab]/.test(host);
  }
  return false;
}
