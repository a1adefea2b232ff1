/**
 * A build is a build: after `npm run build` (the site, then scripts/build-server.mjs) `npm start`
 * finds the site and server current and serves at once, instead of building both again. The
 * stamp it reads is written by the server build itself, last, into the folder it has just emptied.
 */
import { rmSync, utimesSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, staleBecause, STAMP_FILE } from '../../scripts/build-server.mjs';
import { builtSite } from '#support/dist';

const SERVER_DIR = resolve('node_modules/.cache/build-stamp-server');

beforeAll(async () => {
  builtSite();
  await buildServer(SERVER_DIR);
}, 60_000);
afterAll(() => rmSync(SERVER_DIR, { recursive: true, force: true }));

describe('the build stamp', () => {
  it('a fresh server build is current, so npm start does not build again', () => {
    expect(staleBecause(SERVER_DIR)).toBeNull();
  });

  it('is stale when a source is newer than the stamp, or the stamp is missing', () => {
    utimesSync(join(SERVER_DIR, STAMP_FILE), 0, 0);
    expect(staleBecause(SERVER_DIR)).toBe('kildene er endret');
    rmSync(join(SERVER_DIR, STAMP_FILE));
    expect(staleBecause(SERVER_DIR)).toBe('ingen bygg funnet');
  });
});
