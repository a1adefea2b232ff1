import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The site as `npm test` builds it before the tests run. */
export function builtSite(): string {
  const dist = resolve('dist');
  if (!existsSync(join(dist, 'index.html'))) throw new Error('dist/ is not built: run `npx astro build` (npm test does) first.');
  return dist;
}

/** Every page of a build, as paths under `dir`. */
export const htmlFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .sort()
    .map((file) => join(dir, file));
