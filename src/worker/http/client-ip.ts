/**
 * Which client a request counts against for per-client rate limits. The address must be one
 * the client cannot choose: the socket's peer, or the entry a trusted proxy appended to
 * X-Forwarded-For (everything left of it is whatever the client sent). IPv6 clients usually
 * hold a whole /64, so an IPv6 address counts as its /64; IPv4-mapped IPv6 counts as IPv4.
 */
import type { Context } from 'hono';

/** The client as the `hops`-th proxy from us saw it: the `hops`-th X-Forwarded-For entry from the right. */
export function forwardedClient(forwardedFor: string | undefined, hops: number): string | undefined {
  if (!forwardedFor) return undefined;
  const entries = forwardedFor.split(',');
  // Fewer entries than trusted proxies: the request skipped one, and nothing in it can be trusted.
  if (entries.length < hops) return undefined;
  return entries[entries.length - hops]!.trim() || undefined;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** Strips what proxies may wrap an address in: brackets, a port, an IPv6 zone. */
function bareAddress(raw: string): string {
  let a = raw.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(':'));
  const zone = a.indexOf('%');
  return zone === -1 ? a : a.slice(0, zone);
}

function isIpv4(a: string): boolean {
  const m = IPV4.exec(a);
  return !!m && m.slice(1).every((part) => Number(part) <= 255);
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let a = address;
  if (!a.includes(':')) return null;
  const lastColon = a.lastIndexOf(':');
  const dotted = a.slice(lastColon + 1);
  if (dotted.includes('.')) {
    // An IPv4 address in the last 32 bits (`::ffff:192.0.2.1`): rewrite it as two hex groups.
    if (!isIpv4(dotted)) return null;
    const [p, q, r, s] = dotted.split('.').map(Number) as [number, number, number, number];
    a = `${a.slice(0, lastColon + 1)}${((p << 8) | q).toString(16)}:${((r << 8) | s).toString(16)}`;
  }
  const halves = a.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const rest = halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const parts = halves.length === 2 ? [...head, ...Array<string>(missing).fill('0'), ...rest] : head;
  if (!parts.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return parts.map((g) => parseInt(g, 16));
}

/** The rate-limit bucket of an address: IPv4 as it is, IPv6 by its /64 (`2001:db8:1:2::/64`). */
export function ipBucket(raw: string): string {
  const a = bareAddress(raw);
  if (isIpv4(a)) return a.split('.').map(Number).join('.');
  const groups = ipv6Groups(a);
  if (!groups) return a.slice(0, 64) || 'unknown';
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/**
 * The network an address bucket belongs to, for limits one person cannot dodge by hopping
 * addresses: an IPv4 /24 (`192.0.2.0/24`) or an IPv6 /56 (`2001:db8:1:200::/56`, the usual size
 * of one customer's allocation). Anything else (`unknown`) is its own network.
 */
export function networkOf(bucket: string): string {
  const v4 = IPV4.exec(bucket);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  const v6 = /^([0-9a-f]{1,4}):([0-9a-f]{1,4}):([0-9a-f]{1,4}):([0-9a-f]{1,4})::\/64$/.exec(bucket);
  if (!v6) return bucket;
  const fourth = (parseInt(v6[4]!, 16) & 0xff00).toString(16);
  return `${v6[1]}:${v6[2]}:${v6[3]}:${fourth}::/56`;
}

/** The Node entry's rule: the socket's peer, or with TRUST_PROXY the address the proxies appended. */
export function nodeClientIp(opts: { trustProxy: boolean; proxyHops: number }): (c: Context) => string {
  return (c) => {
    const peer = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
    const forwarded = opts.trustProxy ? forwardedClient(c.req.header('x-forwarded-for'), opts.proxyHops) : undefined;
    const address = forwarded ?? peer;
    return address ? ipBucket(address) : 'unknown';
  };
}

/** The Workers rule: Cloudflare's own record of the connecting client. */
export function workersClientIp(c: Context): string {
  const address = c.req.header('cf-connecting-ip');
  return address ? ipBucket(address) : 'unknown';
}
