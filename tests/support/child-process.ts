/** Helpers for the child processes tests start: servers (sqld, wrangler dev) and our npm scripts. */
import { spawn, type ChildProcess } from 'node:child_process';

export type Watched = {
  /** The last few KB of the process's output, for error messages. */
  log: () => string;
  /** Settles once the process is gone and its output drained, or when it could not be spawned. */
  closed: Promise<void>;
};

export function watch(child: ChildProcess, keepBytes = 8192): Watched {
  let text = '';
  const add = (chunk: Buffer | string) => {
    text = (text + chunk.toString()).slice(-keepBytes);
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
 * Polls `probe` until it returns true; fails early, with the log, when the process goes away.
 * A probe that throws counts as "not yet" (nothing listening).
 */
export async function waitUntil(
  what: string,
  probe: () => Promise<boolean>,
  { log, closed }: Watched,
  timeoutMs: number,
  intervalMs = 25,
): Promise<void> {
  let gone = false;
  void closed.then(() => (gone = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`${what}: the process stopped before it was ready:\n${log()}`);
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`${what}: not ready within ${timeoutMs} ms:\n${log()}`);
}

/**
 * SIGTERM, then SIGKILL after a grace period; waits for `closed` so the log is complete. With
 * `group` (a child spawned `detached`), signals its whole process group and finally SIGKILLs
 * whatever of the group is left, so grandchildren (workerd) never outlive it.
 */
export async function terminate(child: ChildProcess, closed: Promise<void>, { group = false, graceMs = 5000 } = {}) {
  const signal = (sig: NodeJS.Signals) => {
    try {
      if (group && child.pid) process.kill(-child.pid, sig);
      else child.kill(sig);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), graceMs);
  await closed;
  clearTimeout(timer);
  if (group) signal('SIGKILL');
}

/** Runs `scripts/{script}.ts` as `npm run` would, with `env` added; resolves with its exit code and all its output. */
export function runScript(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d));
  child.stderr.on('data', (d: Buffer) => (out += d));
  return new Promise<{ code: number | null; out: string }>((resolve) => child.on('close', (code) => resolve({ code, out })));
}
