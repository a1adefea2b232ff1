import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#support/app';
import { RESOURCE_HEADERS, securityHeaderSet } from '#worker/http/security-headers';
import { nodeApp } from '#worker/node';
import { loadNodeAssets, type NodeAssets } from './node-assets';

const HTML = `<!doctype html><html lang="nb"><body>${'<p>Start alene. Bygg stort.</p>'.repeat(40)}</body></html>`;
const JS = `export const x = ${JSON.stringify('a'.repeat(2000))};`;
/** A bundle of a real one's size, which compresses to five digits of Content-Length. */
const BIG_JS = `export const y = ${JSON.stringify(randomBytes(45_000).toString('base64'))};`;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, ...Array<number>(600).fill(7)]);
const SECURITY = securityHeaderSet();

let dir: string;
let assets: NodeAssets;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'soloprenor-assets-'));
  mkdirSync(join(dir, '_astro'));
  mkdirSync(join(dir, 'guide'));
  writeFileSync(join(dir, 'index.html'), HTML);
  writeFileSync(join(dir, 'personvern.html'), HTML.replace('Start', 'Personvern'));
  writeFileSync(join(dir, 'guide', 'login.html'), HTML.replace('Start', 'Logg inn'));
  writeFileSync(join(dir, '404.html'), HTML.replace('Start', 'Fant ikke'));
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\n');
  writeFileSync(join(dir, 'og.png'), PNG);
  writeFileSync(join(dir, '_astro', 'app.Ab12Cd.js'), JS);
  writeFileSync(join(dir, '_astro', 'big.Ef34Gh.js'), BIG_JS);
  writeFileSync(join(dir, '_headers'), '/*\n  X-Test: 1\n');
  assets = await loadNodeAssets(dir, SECURITY, RESOURCE_HEADERS);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  assets.fetch(new Request(`http://localhost${path}`, { method, headers }));
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('loadNodeAssets: the answers', () => {
  it('chooses brotli, then gzip, then the plain file by Accept-Encoding, and says it varies by it', async () => {
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(await bytes(br)).toString()).toBe(HTML);

    const gz = await get('/', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(gz)).toString()).toBe(HTML);

    const plain = await get('/');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(HTML);

    for (const res of [br, gz, plain]) expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(Number(br.headers.get('content-length'))).toBeLessThan(Number(plain.headers.get('content-length')));
  });

  it('honours q=0: an encoding the client refuses is never sent', async () => {
    expect((await get('/', { 'accept-encoding': 'br;q=0, gzip;q=0.5' })).headers.get('content-encoding')).toBe('gzip');
    expect((await get('/', { 'accept-encoding': 'br;q=0,gzip;q=0' })).headers.get('content-encoding')).toBeNull();
  });

  it('leaves images and tiny files uncompressed', async () => {
    const png = await get('/og.png', { 'accept-encoding': 'br, gzip' });
    expect(png.headers.get('content-encoding')).toBeNull();
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('vary')).toBeNull();
    expect(await bytes(png)).toEqual(PNG);
    expect((await get('/robots.txt', { 'accept-encoding': 'br' })).headers.get('content-encoding')).toBeNull();
  });

  it('gives each encoding its own strong ETag, and answers 304 to a matching If-None-Match', async () => {
    const br = await get('/', { 'accept-encoding': 'br' });
    const gz = await get('/', { 'accept-encoding': 'gzip' });
    const plain = await get('/');
    const tags = [br, gz, plain].map((r) => r.headers.get('etag')!);
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]+"$/);
    expect(new Set(tags).size).toBe(3);

    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': tags[0]! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(tags[0]);
    expect(again.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(again.headers.get('content-security-policy')).toBe(SECURITY['Content-Security-Policy']);

    // Weak comparison, lists, and a tag of another encoding (which must not match).
    expect((await get('/', { 'accept-encoding': 'br', 'if-none-match': `"x", W/${tags[0]}` })).status).toBe(304);
    expect((await get('/', { 'accept-encoding': 'br', 'if-none-match': '*' })).status).toBe(304);
    expect((await get('/', { 'accept-encoding': 'br', 'if-none-match': tags[1]! })).status).toBe(200);
  });

  it('caches hashed bundles for a year and has everything else revalidated', async () => {
    expect((await get('/_astro/app.Ab12Cd.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/_astro/app.Ab12Cd.js')).headers.get('content-type')).toBe('text/javascript');
    expect((await get('/personvern')).headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect((await get('/og.png')).headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });

  it('carries the document security headers on pages only, computed at load; other files get nosniff', async () => {
    const page = await get('/personvern');
    for (const [name, value] of Object.entries(SECURITY)) expect(page.headers.get(name)).toBe(value);
    for (const path of ['/_astro/app.Ab12Cd.js', '/og.png', '/robots.txt']) {
      const res = await get(path);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('content-security-policy'), path).toBeNull();
      expect(res.headers.get('x-frame-options'), path).toBeNull();
    }
  });

  it('gives a hashed bundle no ETag: its name changes with its bytes, so it is never revalidated', async () => {
    const res = await get('/_astro/app.Ab12Cd.js', { 'accept-encoding': 'br' });
    expect(res.headers.get('etag')).toBeNull();
    expect((await get('/_astro/app.Ab12Cd.js', { 'accept-encoding': 'br', 'if-none-match': '*' })).status).toBe(200);
  });

  it('resolves addresses as Workers Static Assets does, and serves nothing else', async () => {
    expect(await (await get('/personvern')).text()).toContain('Personvern');
    expect(await (await get('/personvern.html')).text()).toContain('Personvern');
    expect(await (await get('/personvern/')).text()).toContain('Personvern');
    expect(await (await get('/guide/login')).text()).toContain('Logg inn');
    expect(await (await get('/index.html')).text()).toBe(HTML);
    for (const path of ['/_headers', '/finnes-ikke', '/../etc/passwd', '/%E0%A4%A', '/guide']) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await get('/', { 'accept-encoding': 'br' }, 'HEAD');
    const full = await get('/', { 'accept-encoding': 'br' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(full.headers.get('content-length'));
    expect(head.headers.get('etag')).toBe(full.headers.get('etag'));
    expect(await head.text()).toBe('');
  });
});

describe('loadNodeAssets: handle() on Node request and response', () => {
  let server: Server;
  let port: number;
  const SKIP = new Set(['/guide/login']);
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (!assets.handle(req, res, (path) => path.startsWith('/api/') || SKIP.has(path))) res.end('app');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The raw answer, bytes as sent (no decompression). */
  const raw = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      const req = request({ port, path, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });

  /** The head of an answer exactly as written to the socket, up to and including the blank line. */
  const rawHead = (path: string, headers: Record<string, string>) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        const lines = Object.entries({ host: `127.0.0.1:${port}`, ...headers }).map(([n, v]) => `${n}: ${v}\r\n`);
        socket.write(`GET ${path} HTTP/1.1\r\n${lines.join('')}connection: keep-alive\r\n\r\n`);
      });
      let got = Buffer.alloc(0);
      socket.on('data', (chunk: Buffer) => {
        got = Buffer.concat([got, chunk]);
        const end = got.indexOf('\r\n\r\n');
        if (end === -1) return;
        socket.destroy();
        resolve(got.subarray(0, end + 4).toString('latin1'));
      });
      socket.on('error', reject);
    });

  it('writes the same bytes and headers as fetch()', async () => {
    const viaFetch = await get('/', { 'accept-encoding': 'br' });
    const viaNode = await raw('/?utm_source=x', { 'accept-encoding': 'br' });
    expect(viaNode.status).toBe(200);
    expect(viaNode.body).toEqual(await bytes(viaFetch));
    for (const [name, value] of viaFetch.headers) expect(viaNode.headers[name], name).toBe(value);
  });

  it('answers a hashed bundle with at most 300 bytes of head (status line and headers, as sent)', async () => {
    const head = await rawHead('/_astro/big.Ef34Gh.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(head).toMatch(/\r\ncontent-length: \d{5}\r\n/);
    expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(head).toMatch(/\r\ncontent-encoding: br\r\n/);
    expect(head).toMatch(/\r\ncache-control: public, max-age=31536000, immutable\r\n/);
    expect(head).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
    expect(Buffer.byteLength(head), head).toBeLessThanOrEqual(300);
  });

  it('answers 304 and HEAD', async () => {
    const first = await raw('/', { 'accept-encoding': 'gzip' });
    const again = await raw('/', { 'accept-encoding': 'gzip', 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body).toHaveLength(0);
    const head = await raw('/', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(first.body.length));
    expect(head.body).toHaveLength(0);
  });

  it('leaves to the app what is not a file, what it claims, and anything but GET and HEAD', async () => {
    expect((await raw('/finnes-ikke')).body.toString()).toBe('app');
    expect((await raw('/guide/login')).body.toString()).toBe('app');
    expect((await raw('/api/health')).body.toString()).toBe('app');
    expect((await raw('/', {}, 'POST')).body.toString()).toBe('app');
    expect((await raw('/%E0%A4%A')).body.toString()).toBe('app');
  });
});

describe('through the Node app (hono/compress in front)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const app = () => nodeApp({ ...t.deps, assets });

  it('passes a precompressed file through untouched: compressed once, strong ETag kept', async () => {
    const direct = await get('/personvern', { 'accept-encoding': 'gzip' });
    const res = await app().request('/personvern', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('etag')).toBe(direct.headers.get('etag'));
    expect(gunzipSync(await bytes(res)).toString()).toContain('Personvern');
  });

  it('answers an unknown page with the 404 page and status 404, never a 304', async () => {
    const page = await get('/404.html', { 'accept-encoding': 'br' });
    const res = await app().request('/finnes-ikke', {
      headers: { 'accept-encoding': 'br', 'if-none-match': page.headers.get('etag')! },
    });
    expect(res.status).toBe(404);
    expect(brotliDecompressSync(await bytes(res)).toString()).toContain('Fant ikke');
    const head = await app().request('/finnes-ikke', { method: 'HEAD' });
    expect(head.status).toBe(404);
    expect(await head.text()).toBe('');
  });
});
