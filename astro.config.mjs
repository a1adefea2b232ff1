// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';

const site = process.env.PUBLIC_SITE_URL ?? 'https://soloprenor.no';
/** App screens are private: no sitemap entries for them. */
const PRIVATE = /\/(guide|premium|admin)(\/|$)|\/(404|takk)$/;

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'always' },
  integrations: [react(), sitemap({ filter: (page) => !PRIVATE.test(page) })],
  vite: { plugins: [tailwindcss()] },
  devToolbar: { enabled: false },
});
