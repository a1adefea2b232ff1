import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withLocalAuthSecret } from './auth-secret';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'auth-secret-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('withLocalAuthSecret', () => {
  it('makes a secret once, beside the database file, and reads the same one at every later start', () => {
    const env = { DATABASE_URL: `file:${join(dir, 'db', 'app.db')}` };
    const first = withLocalAuthSecret(env).AUTH_SECRET!;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'db', 'auth-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(join(dir, 'db', 'auth-secret')).mode & 0o077).toBe(0);
    expect(withLocalAuthSecret(env).AUTH_SECRET).toBe(first);
  });

  it('leaves a given secret alone, and makes none in production', () => {
    const url = `file:${join(dir, 'app.db')}`;
    expect(withLocalAuthSecret({ DATABASE_URL: url, AUTH_SECRET: 'gitt' }).AUTH_SECRET).toBe('gitt');
    expect(withLocalAuthSecret({ DATABASE_URL: url, APP_ENV: 'production' }).AUTH_SECRET).toBeUndefined();
    expect(() => readFileSync(join(dir, 'auth-secret'))).toThrow();
  });
});
