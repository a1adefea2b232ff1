import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Assets } from '#worker/context';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
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

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isFile() ?? false;
}

/**
 * dist/ on disk, resolved the way Workers Static Assets resolves it
 * (`/a` → a, a.html, a/index.html), so both runtimes serve the same URLs.
 */
export function nodeAssets(root: string): Assets {
  const base = normalize(root + sep);
  return {
    async fetch(request) {
      let pathname: string;
      try {
        pathname = decodeURIComponent(new URL(request.url).pathname);
      } catch {
        return new Response('Not found', { status: 404 });
      }
      const rel = pathname.replace(/\/+$/, '') || '/index';
      // Workers' own config files (_headers) live in dist/ but are never served there either.
      if (/^\/_(headers|redirects)$/.test(rel)) return new Response('Not found', { status: 404 });
      const candidates = [rel, `${rel}.html`, `${rel}/index.html`].map((p) => normalize(join(base, p)));
      for (const file of candidates) {
        if (!file.startsWith(base) || !(await isFile(file))) continue;
        const body = await readFile(file);
        const immutable = pathname.startsWith('/_astro/');
        return new Response(request.method === 'HEAD' ? null : body, {
          headers: {
            'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
            'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
          },
        });
      }
      return new Response('Not found', { status: 404 });
    },
  };
}
