import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { forwardedClient, ipBucket, networkOf, nodeClientIp, workersClientIp } from './client-ip';

/** Asks a Node-style app (socket peer in c.env.incoming) which bucket a request lands in. */
async function bucketOf(opts: { trustProxy: boolean; proxyHops: number }, headers: Record<string, string>, peer = '127.0.0.1') {
  const clientIp = nodeClientIp(opts);
  const app = new Hono().get('/', (c) => c.text(clientIp(c)));
  return (await app.request('/', { headers }, { incoming: { socket: { remoteAddress: peer } } })).text();
}

describe('client address behind a trusted proxy', () => {
  it('puts every forged leftmost X-Forwarded-For entry from one client into ONE bucket', async () => {
    const buckets = new Set<string>();
    for (let i = 1; i <= 4; i++) {
      buckets.add(await bucketOf({ trustProxy: true, proxyHops: 1 }, { 'x-forwarded-for': `10.0.0.${i}, 203.0.113.9` }));
    }
    expect([...buckets]).toEqual(['203.0.113.9']);
  });

  it('takes the N-th entry from the right with TRUST_PROXY_HOPS=N', async () => {
    const chain = { 'x-forwarded-for': '10.0.0.1, 198.51.100.4, 172.16.0.2' };
    expect(await bucketOf({ trustProxy: true, proxyHops: 2 }, chain)).toBe('198.51.100.4');
    expect(await bucketOf({ trustProxy: true, proxyHops: 1 }, chain)).toBe('172.16.0.2');
  });

  it('falls back to the socket when the chain is shorter than the trusted hops, or there is none', async () => {
    expect(await bucketOf({ trustProxy: true, proxyHops: 2 }, { 'x-forwarded-for': '10.0.0.1' }, '192.0.2.50')).toBe(
      '192.0.2.50',
    );
    expect(await bucketOf({ trustProxy: true, proxyHops: 1 }, {}, '192.0.2.50')).toBe('192.0.2.50');
  });

  it('ignores X-Forwarded-For entirely without TRUST_PROXY', async () => {
    expect(await bucketOf({ trustProxy: false, proxyHops: 1 }, { 'x-forwarded-for': '203.0.113.9' }, '192.0.2.7')).toBe(
      '192.0.2.7',
    );
  });

  it('buckets the socket peer too: an IPv6 client by its /64', async () => {
    expect(await bucketOf({ trustProxy: false, proxyHops: 1 }, {}, '2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(await bucketOf({ trustProxy: false, proxyHops: 1 }, {}, '::ffff:127.0.0.1')).toBe('127.0.0.1');
  });

  it('reads only the rightmost entries it trusts', () => {
    expect(forwardedClient('a, b, c', 1)).toBe('c');
    expect(forwardedClient('a, b, c', 3)).toBe('a');
    expect(forwardedClient('a, b', 3)).toBeUndefined();
    expect(forwardedClient(undefined, 1)).toBeUndefined();
    expect(forwardedClient('a, ', 1)).toBeUndefined();
  });
});

describe('ipBucket', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    [' 203.0.113.9 ', '203.0.113.9'],
    ['203.0.113.9:51234', '203.0.113.9'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3:8d3::/64'],
    ['2001:0DB8:85A3:08D3::1', '2001:db8:85a3:8d3::/64'],
    ['[2001:db8:85a3:8d3::1]:443', '2001:db8:85a3:8d3::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::ffff:c000:0201', '192.0.2.1'],
    ['0:0:0:0:0:ffff:192.0.2.1', '192.0.2.1'],
  ])('%s → %s', (address, bucket) => {
    expect(ipBucket(address)).toBe(bucket);
  });

  it('puts two addresses of one /64 in the same bucket and the next /64 in another', () => {
    expect(ipBucket('2001:db8:1:2::a')).toBe(ipBucket('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(ipBucket('2001:db8:1:3::a')).not.toBe(ipBucket('2001:db8:1:2::a'));
  });

  it('keeps anything that is not an address as a bounded string', () => {
    expect(ipBucket('not-an-ip')).toBe('not-an-ip');
    expect(ipBucket('1:2:3')).toBe('1:2:3');
    expect(ipBucket('x'.repeat(500))).toHaveLength(64);
    expect(ipBucket('')).toBe('unknown');
  });
});

describe('networkOf', () => {
  it('groups IPv4 by /24 and IPv6 (already bucketed by /64) by /56', () => {
    expect(networkOf('127.0.0.1')).toBe('127.0.0.0/24');
    expect(networkOf('127.0.0.200')).toBe('127.0.0.0/24');
    expect(networkOf('127.0.1.1')).toBe('127.0.1.0/24');
    expect(networkOf(ipBucket('2001:db8:1:1ab::7'))).toBe('2001:db8:1:100::/56');
    expect(networkOf(ipBucket('2001:db8:1:1ff:ffff::1'))).toBe('2001:db8:1:100::/56');
    expect(networkOf(ipBucket('2001:db8:1:200::1'))).toBe('2001:db8:1:200::/56');
    expect(networkOf(ipBucket('::ffff:192.0.2.9'))).toBe('192.0.2.0/24');
    expect(networkOf('unknown')).toBe('unknown');
  });
});

describe('workersClientIp', () => {
  it('buckets cf-connecting-ip the same way', async () => {
    const app = new Hono().get('/', (c) => c.text(workersClientIp(c)));
    const ask = async (headers: Record<string, string>) => (await app.request('/', { headers })).text();
    expect(await ask({ 'cf-connecting-ip': '2001:db8:1:2::5' })).toBe('2001:db8:1:2::/64');
    expect(await ask({ 'cf-connecting-ip': '198.51.100.1', 'x-forwarded-for': '10.0.0.1' })).toBe('198.51.100.1');
    expect(await ask({})).toBe('unknown');
  });
});
