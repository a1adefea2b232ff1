import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { watch } from './child-process';

const SCRIPT = fileURLToPath(new URL('./lock-holder.mjs', import.meta.url));

/** Starts a second process that holds the write lock on the database `file` until `release()`. */
export async function holdWriteLock(file: string) {
  const child = spawn(process.execPath, [SCRIPT, file], { stdio: ['pipe', 'pipe', 'pipe'] });
  const watched = watch(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    void watched.closed.then(() => reject(new Error(`lock holder stopped:\n${watched.log()}`)));
  });
  return {
    /** Lets go of the lock and waits until the process is gone. */
    async release() {
      child.stdin!.end();
      await watched.closed;
    },
  };
}
