// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { writeFileSync } from 'node:fs';
import { assetsHeadersFile } from '#worker/http/security-headers';

const site = process.env.PUBLIC_SITE_URL ?? 'https://soloprenor.no';
/** App screens are private: no sitemap entries for them. */
const PRIVATE = /\/(guide|premium|admin)(\/|$)|\/(404|takk)$/;

/**
 * Workers serves static files without running the app: give them the app's security headers.
 * @returns {import('astro').AstroIntegration}
 */
function securityHeadersFile() {
  return {
    name: 'soloprenor:security-headers',
    hooks: {
      'astro:build:done': ({ dir }) => {
        writeFileSync(new URL('_headers', dir), assetsHeadersFile(process.env.PUBLIC_ANALYTICS_SRC));
      },
    },
  };
}

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'always' },
  integrations: [react(), sitemap({ filter: (page) => !PRIVATE.test(page) }), securityHeadersFile()],
  vite: { plugins: [tailwindcss()] },
  devToolbar: { enabled: false },
});
