/**
 * `npm run screenshots -- [baseUrl] [paths...]`: full-page PNGs of pages at phone and desktop
 * width in test-results/screenshots/, for looking at what we build.
 */
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';

const [base = 'http://localhost:4321', ...paths] = process.argv.slice(2);
const pages = paths.length ? paths : ['/', '/personvern', '/vilkar', '/guide/login', '/finnes-ikke'];
const out = 'test-results/screenshots';
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
for (const [label, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 900 }],
] as const) {
  const page = await browser.newPage({ viewport });
  for (const path of pages) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const file = `${out}/${label}${path.replace(/[^\w]+/g, '_') || '_root'}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
