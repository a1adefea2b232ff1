/**
 * dist/ served from memory on Node. Every file is read, compressed (brotli and gzip, once)
 * and given its final headers at start, so a request costs a map lookup and a socket write. URLs resolve the way Workers Static Assets resolves them
 * (`/a` → a, a.html, a/index.html), so both runtimes serve the same addresses.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Assets } from '#worker/context';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  // No charset: the bundles are module scripts, which a browser always reads as UTF-8, and
  // every byte of a bundle's head counts (docs/decisions/0045-speed.md).
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.txt', '.svg', '.webmanifest', '.ico']);
/**
 * Brotli's quality 10, not the maximum 11: on this site's build 11 saves 2 % more bytes but
 * takes nearly three times as long, and it is paid at every start.
 */
const BROTLI_QUALITY = 10;
/** Below this, compression saves less than the headers it adds. */
const MIN_COMPRESS_BYTES = 256;
/** Workers' own config files live in dist/ but are not served there either. */
const NOT_SERVED = new Set(['_headers', '_redirects']);

/** Astro's hashed bundles never change under their name; everything else is revalidated by ETag. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';

type Encoding = 'br' | 'gzip';
type Variant = {
  body: Buffer;
  /** None on a hashed bundle: its name changes with its bytes, and it is never revalidated. */
  etag?: string;
  headers: Record<string, string>;
  /** What a 304 repeats of the 200 (RFC 9110 §15.4.5): validators, caching, Vary, and the security headers. */
  notModifiedHeaders: Record<string, string>;
  /** The same two as name, value, name, value…: the form `writeHead` takes without copying. */
  head200: string[];
  head304: string[];
};
type Asset = { identity: Variant; br?: Variant; gzip?: Variant };

export type NodeAssets = Assets & {
  /**
   * Answers a GET or HEAD for a file on Node's own request and response, without a web
   * Request or Response in between. False (nothing written) when the path is not a file or
   * `skip` claims it for the app.
   */
  handle(req: IncomingMessage, res: ServerResponse, skip: (path: string) => boolean): boolean;
};

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

function variant(body: Buffer, etag: string | undefined, base: Record<string, string>, encoding?: Encoding): Variant {
  const validator: Record<string, string> = etag ? { etag } : {};
  const headers: Record<string, string> = {
    ...base,
    ...(encoding ? { 'content-encoding': encoding } : {}),
    'content-length': String(body.length),
    ...validator,
  };
  const { 'content-type': _type, ...notModifiedHeaders }: Record<string, string> = { ...base, ...validator };
  return {
    body,
    etag,
    headers,
    notModifiedHeaders,
    head200: Object.entries(headers).flat(),
    head304: Object.entries(notModifiedHeaders).flat(),
  };
}

async function loadAsset(file: string, path: string, headersOf: HeadersOf): Promise<Asset> {
  const body = await readFile(file);
  const ext = extname(file);
  const compressible = COMPRESSIBLE.has(ext) && body.length >= MIN_COMPRESS_BYTES;
  const [br, gz] = compressible
    ? await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipAsync(body, { level: 9 }),
      ])
    : [];
  const hashed = path.startsWith('/_astro/');
  // A strong ETag names exact bytes, so each encoding has its own.
  const hash = hashed ? undefined : createHash('sha256').update(body).digest('base64url').slice(0, 22);
  const tag = (suffix: string) => (hash ? `"${hash}${suffix}"` : undefined);
  const base: Record<string, string> = {
    'content-type': TYPES[ext] ?? 'application/octet-stream',
    'cache-control': hashed ? IMMUTABLE : REVALIDATE,
    ...(compressible ? { vary: 'Accept-Encoding' } : {}),
    ...headersOf(ext),
  };
  return {
    identity: variant(body, tag(''), base),
    br: br && br.length < body.length ? variant(br, tag('-br'), base, 'br') : undefined,
    gzip: gz && gz.length < body.length ? variant(gz, tag('-gz'), base, 'gzip') : undefined,
  };
}

/** Whether Accept-Encoding allows `coding` (listed, and not with q=0). */
function accepts(header: string | null | undefined, coding: Encoding): boolean {
  if (!header) return false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';');
    if (name!.trim().toLowerCase() !== coding) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

function pick(asset: Asset, acceptEncoding: string | null | undefined): Variant {
  if (asset.br && accepts(acceptEncoding, 'br')) return asset.br;
  if (asset.gzip && accepts(acceptEncoding, 'gzip')) return asset.gzip;
  return asset.identity;
}

/** If-None-Match compares weakly (RFC 9110 §13.1.2): a `W/` prefix does not matter. */
function notModified(ifNoneMatch: string | null | undefined, etag: string | undefined): boolean {
  if (!ifNoneMatch || !etag) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** The headers beyond type, caching and encoding that a file with this extension carries. */
type HeadersOf = (ext: string) => Record<string, string>;

/**
 * Reads every file under `root` into memory. The security headers are computed here once rather
 * than per request: `documentHeaders` on the pages (.html), `resourceHeaders` on every other file
 * (security-headers.ts says why they differ).
 */
export async function loadNodeAssets(
  root: string,
  documentHeaders: Record<string, string> = {},
  resourceHeaders: Record<string, string> = {},
): Promise<NodeAssets> {
  const headersOf: HeadersOf = (ext) => (ext === '.html' ? documentHeaders : resourceHeaders);
  const files = new Map<string, Asset>();
  await Promise.all(
    (await filesUnder(root)).map(async (file) => {
      const path = '/' + relative(root, file).split(sep).join('/');
      if (NOT_SERVED.has(path.slice(1))) return;
      files.set(path, await loadAsset(file, path, headersOf));
    }),
  );

  /** The answer for a decoded path: the file in the encoding the client takes, or 304 when it has it already. */
  function answer(pathname: string, acceptEncoding: string | null | undefined, ifNoneMatch: string | null | undefined) {
    const rel = pathname.replace(/\/+$/, '') || '/index';
    const asset = files.get(rel) ?? files.get(`${rel}.html`) ?? files.get(`${rel}/index.html`);
    if (!asset) return null;
    const v = pick(asset, acceptEncoding);
    return { v, fresh: notModified(ifNoneMatch, v.etag) };
  }

  return {
    async fetch(request) {
      let pathname: string;
      try {
        pathname = decodeURIComponent(new URL(request.url).pathname);
      } catch {
        return new Response('Not found', { status: 404 });
      }
      const found = answer(pathname, request.headers.get('accept-encoding'), request.headers.get('if-none-match'));
      if (!found) return new Response('Not found', { status: 404 });
      const { v, fresh } = found;
      if (fresh) return new Response(null, { status: 304, headers: v.notModifiedHeaders });
      // Node's buffers here never sit on shared memory; the cast only says so to the DOM types.
      return new Response(request.method === 'HEAD' ? null : (v.body as Uint8Array<ArrayBuffer>), { headers: v.headers });
    },

    handle(req, res, skip) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const url = req.url ?? '/';
      const query = url.indexOf('?');
      let pathname = query === -1 ? url : url.slice(0, query);
      if (pathname.includes('%')) {
        try {
          pathname = decodeURIComponent(pathname);
        } catch {
          return false;
        }
      }
      if (skip(pathname)) return false;
      const found = answer(pathname, req.headers['accept-encoding'], req.headers['if-none-match']);
      if (!found) return false;
      const { v, fresh } = found;
      res.writeHead(fresh ? 304 : 200, fresh ? v.head304 : v.head200);
      res.end(fresh || req.method === 'HEAD' ? undefined : v.body);
      return true;
    },
  };
}
