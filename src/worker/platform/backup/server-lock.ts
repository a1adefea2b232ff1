/**
 * A running Node server marks the database file it serves with `<file>.pid`, holding its
 * process id, so `npm run db:restore` can refuse to replace a database under a live server.
 * A file left by a server that was killed names a process that no longer exists and is ignored.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

export const serverLockFile = (databaseFile: string) => `${databaseFile}.pid`;

/** Marks the file as served by this process; the returned function removes the mark. */
export function holdServerLock(databaseFile: string): () => void {
  const lock = serverLockFile(databaseFile);
  writeFileSync(lock, `${process.pid}\n`);
  return () => rmSync(lock, { force: true });
}

/** The process id of the live server using the file, or null. */
export function runningServer(databaseFile: string): number | null {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(serverLockFile(databaseFile), 'utf8'), 10);
  } catch {
    return null;
  }
  if (!Number.isSafeInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0); // signal 0: only asks whether the process exists
    return pid;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
