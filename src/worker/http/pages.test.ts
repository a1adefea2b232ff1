import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WORKER_FIRST_PATHS } from '#shared/paths';
import { PAGE_ROUTES } from './pages';

/** wrangler.toml's run_worker_first list (a one-line TOML array of strings). */
const runWorkerFirst = (): string[] => {
  const toml = readFileSync(new URL('../../../wrangler.toml', import.meta.url), 'utf8');
  const line = /^run_worker_first\s*=\s*(\[.*\])\s*$/m.exec(toml)?.[1];
  return line ? (JSON.parse(line) as string[]) : [];
};

/** Wrangler matches percent-encoded paths against globs where `*` is any run of characters. */
const matches = (glob: string, path: string) =>
  new RegExp(`^${glob.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`).test(
    encodeURI(path),
  );

describe('routing on Workers', () => {
  it('lists in wrangler.toml exactly the paths of src/shared/paths.ts', () => {
    expect(runWorkerFirst()).toEqual([...WORKER_FIRST_PATHS]);
  });

  it.each(PAGE_ROUTES.map((r) => r.example))('sends the dynamic page %s to the Worker, not straight to the static files', (path) => {
    expect(runWorkerFirst().some((glob) => matches(glob, path))).toBe(true);
  });

  it('sends the API to the Worker', () => {
    expect(runWorkerFirst().some((glob) => matches(glob, '/api/guide/modules'))).toBe(true);
  });
});
