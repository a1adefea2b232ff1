import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { randomToken } from './crypto';

type Env = Record<string, string | undefined>;

/**
 * The embedded default keeps its AUTH_SECRET in `auth-secret` beside the database file (or in
 * `data/` when the database is remote), made once: sign-in codes and pseudonyms then survive a
 * restart without anyone having to choose a secret. Production sets AUTH_SECRET itself, and
 * config.ts refuses to start without it, so nothing is generated there.
 */
export function withLocalAuthSecret(env: Env): Env {
  if (env.AUTH_SECRET || env.APP_ENV === 'production') return env;
  const url = env.DATABASE_URL ?? '';
  const folder = url.startsWith('file:') && !url.includes(':memory:') ? dirname(url.slice('file:'.length)) : 'data';
  const file = join(folder, 'auth-secret');
  mkdirSync(folder, { recursive: true });
  try {
    // 'wx': never overwrite a secret another start has just written.
    writeFileSync(file, `${randomToken()}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return { ...env, AUTH_SECRET: readFileSync(file, 'utf8').trim() };
}
