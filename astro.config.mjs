// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import Beasties from 'beasties';
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isPrivatePage } from '#shared/paths';
import { assetsHeadersFile, CSP_SOURCES_FILE, inlineSourcesOf } from '#worker/http/security-headers';

const site = process.env.PUBLIC_SITE_URL ?? 'https://soloprenor.no';
const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Islands that hydrate only when needed (docs/decisions/0006-landing-islands.md):
 * `client:scroll` on the first scroll, `client:toast` when the first toast is asked for.
 * @returns {import('astro').AstroIntegration}
 */
function islandDirectives() {
  return {
    name: 'soloprenor:island-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'scroll', entrypoint: './src/browser/directives/scroll.ts' });
        addClientDirective({ name: 'toast', entrypoint: './src/browser/directives/toast.ts' });
      },
    },
  };
}

/**
 * `import code from './x.ts?inline-script'`: x.ts and its imports bundled into one string for an
 * inline `<script>`, the way Astro builds its directive scripts — so a page can run code (with our
 * shared modules) without fetching a file.
 * @returns {import('vite').Plugin}
 */
function inlineScripts() {
  return {
    name: 'soloprenor:inline-script',
    async load(id) {
      const [file, query] = id.split('?');
      if (query !== 'inline-script' || !file) return null;
      const out = await build({
        entryPoints: [file],
        absWorkingDir: root,
        bundle: true,
        minify: true,
        format: 'iife',
        target: 'es2022',
        write: false,
        metafile: true,
      });
      for (const input of Object.keys(out.metafile.inputs)) this.addWatchFile(fileURLToPath(new URL(input, `file://${root}/`)));
      return `export default ${JSON.stringify(out.outputFiles[0]?.text.trim() ?? '')};`;
    },
  };
}

/**
 * beasties switches the full sheet on as the page is parsed, which restyles every element once
 * more during load: on a phone at 4× slowdown, the largest piece of the landing's "Style &
 * Layout" (docs/decisions/0045-speed.md). Nothing the visitor sees before touching the page needs
 * it (the inlined rules style all of its markup), so it is switched on at the first scroll,
 * touch, click, key or focus — the same moment the islands start (`client:scroll`) — or at once
 * when the page opens scrolled (an address with #tilbud).
 * @param {string} html
 */
function sheetOnFirstUse(html) {
  const switchOn =
    "document.querySelectorAll('link[data-beasties-media]').forEach(function(l){l.media=l.getAttribute('data-beasties-media');l.removeAttribute('data-beasties-media')})";
  const onFirstUse = `(function(){var E=['scroll','pointerdown','keydown','touchstart','focusin'],o={passive:true,capture:true};function on(){${switchOn};E.forEach(function(e){removeEventListener(e,on,o)})}if(scrollY>0||location.hash)on();else E.forEach(function(e){addEventListener(e,on,o)})})()`;
  const script = `<script>${switchOn}</script>`;
  if (!html.includes(script)) throw new Error('landingCriticalCss: beasties no longer writes its media switch as expected');
  return html.replace(script, `<script>${onFirstUse}</script>`);
}

/**
 * The landing's first round trip carries only the CSS its own markup uses (docs/decisions/0033-lean-app-pages.md):
 * the site's whole sheet, which every other page inlines, becomes a hashed, cached file that the
 * landing loads without blocking its first paint (`media="print"`, switched to `all` by one inline
 * script the CSP hashes; a `<noscript>` link without JavaScript), and beasties inlines the rules
 * that match the page's HTML. Islands' later markup (a toast, an error) is styled by the full
 * sheet, which has arrived long before anyone can cause it. Runs before the CSP hashes are taken.
 * @returns {import('astro').AstroIntegration}
 */
function landingCriticalCss() {
  return {
    name: 'soloprenor:landing-critical-css',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const page = new URL('index.html', dir);
        const html = readFileSync(page, 'utf8');
        const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)];
        const css = styles.map((m) => m[1]).join('\n');
        const file = `_astro/site.${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
        writeFileSync(new URL(file, dir), css);
        let first = true;
        const linked = html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, () =>
          first ? ((first = false), `<link rel="stylesheet" href="/${file}">`) : '',
        );
        const beasties = new Beasties({
          path: fileURLToPath(dir),
          publicPath: '/',
          preload: 'media-script',
          // Tailwind's spacing between children (`space-y-*`: `:where(.x > :not(:last-child))`)
          // cannot be matched statically; without it the first paint would be shorter than the second.
          allowRules: [/:not\(:last-child\)/],
          pruneSource: false,
          logLevel: 'warn',
        });
        writeFileSync(page, sheetOnFirstUse(await beasties.process(linked)));
      },
    },
  };
}

/**
 * Workers serves static files without running the app: give them the app's security headers
 * (the document set on pages, not on the other files),
 * with the hashes of every inline script and style the build wrote (the only inline code the
 * CSP allows), and leave those hashes in dist/ for the app, which sets the same headers.
 * @returns {import('astro').AstroIntegration}
 */
function securityHeadersFile() {
  return {
    name: 'soloprenor:security-headers',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const pages = readdirSync(dir, { recursive: true, encoding: 'utf8' })
          .filter((file) => file.endsWith('.html'))
          .map((file) => readFileSync(new URL(file, dir), 'utf8'));
        const inline = await inlineSourcesOf(pages);
        writeFileSync(new URL(CSP_SOURCES_FILE, dir), JSON.stringify(inline, null, 2) + '\n');
        // The site's files that are no page (og.png, robots.txt, the sitemaps…) carry no document headers either.
        const resources = readdirSync(dir, { withFileTypes: true })
          .filter((e) => e.isFile() && !e.name.endsWith('.html') && e.name !== '_headers')
          .map((e) => `/${e.name}`)
          .sort();
        writeFileSync(new URL('_headers', dir), assetsHeadersFile(process.env.PUBLIC_ANALYTICS_SRC, inline, resources));
      },
    },
  };
}

/**
 * How the islands' code is cut into files (docs/decisions/0033-lean-app-pages.md): React (React
 * DOM, the scheduler and Astro's renderer) is one file every page with an island shares and
 * caches; the rest keeps rolldown's automatic split by the set of islands that use each
 * module, so a page downloads only what its islands import (grouping shared modules further was
 * measured, and pulled zod into pages that validate nothing).
 * @returns {import('rolldown').CodeSplittingOptions}
 */
function islandChunks() {
  return {
    groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/, priority: 20 }],
  };
}

/**
 * `import { moduleCount, founder, buildYear } from 'virtual:landing-data'`: what the pre-rendered
 * landing says about the product, read when it is built (docs/decisions/0040): the published
 * modules and the founder section an admin set, from the database at DATABASE_URL when it has
 * been made and migrated, else the seed's modules and no founder (hidden); and the build's year.
 * @returns {import('vite').Plugin}
 */
function landingData() {
  const id = 'virtual:landing-data';
  return {
    name: 'soloprenor:landing-data',
    resolveId: (spec) => (spec === id ? `\0${id}` : null),
    async load(resolved) {
      if (resolved !== `\0${id}`) return null;
      const fromDb = await readLandingDatabase(process.env.DATABASE_URL ?? 'file:data/app.db', process.env.LIBSQL_AUTH_TOKEN);
      return [
        `import { seedModules } from ${JSON.stringify(fileURLToPath(new URL('./db/seed/content/index.ts', import.meta.url)))};`,
        `export const moduleCount = ${fromDb ? fromDb.moduleCount : 'seedModules.length'};`,
        `export const founder = ${JSON.stringify(fromDb?.founder ?? null)};`,
        `export const buildYear = ${new Date().getFullYear()};`,
      ].join('\n');
    },
  };
}

/**
 * The published modules and the founder (null until named), or null when the database is not there (a build before the first start).
 * @param {string} url
 * @param {string | undefined} authToken
 */
async function readLandingDatabase(url, authToken) {
  if (url.startsWith('file:') && !existsSync(url.slice('file:'.length))) return null;
  const { createClient } = await import('@libsql/client');
  const client = createClient({ url, authToken });
  try {
    const [modules, settings] = await client.batch([
      {
        sql: "SELECT count(*) AS n FROM modules WHERE status = 'published' AND (publish_at IS NULL OR publish_at <= ?)",
        args: [Date.now()],
      },
      'SELECT founder_name AS name, founder_photo_url AS photoUrl, founder_text AS text FROM site_settings WHERE id = 1',
    ]);
    const row = settings?.rows[0];
    const founder =
      row && String(row.name) ? { name: String(row.name), photoUrl: String(row.photoUrl), text: String(row.text) } : null;
    return { moduleCount: Number(modules?.rows[0]?.n ?? 0), founder };
  } catch (err) {
    // Not migrated yet (no site_settings): the seed's content, as on a first build.
    console.warn(`landing data: ${err instanceof Error ? err.message : err}; using the seed's modules`);
    return null;
  } finally {
    client.close();
  }
}

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'always' },
  integrations: [
    // renderToString, not React 18's streaming renderer: the pages are built once, nothing is
    // gained by streaming, and its encoder wrote NUL bytes where a chunk split a multi-byte
    // character (the landing's FAQ; tests/build/html-valid.test.ts caught it).
    react({ experimentalDisableStreaming: true }),
    islandDirectives(),
    // App screens, the thank-you page and the 404 page are not for search engines.
    sitemap({ filter: (page) => !isPrivatePage(new URL(page).pathname) && !/\/(404|takk)$/.test(page) }),
    landingCriticalCss(),
    securityHeadersFile(),
  ],
  vite: {
    plugins: [tailwindcss(), inlineScripts(), landingData()],
    build: { rolldownOptions: { output: { codeSplitting: islandChunks() } } },
  },
  devToolbar: { enabled: false },
});
