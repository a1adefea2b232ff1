/**
 * The backup's SQL, on a thread of its own. The libSQL file driver runs a statement on the
 * calling thread's event loop: `VACUUM INTO` and `integrity_check` of a 450 MB database
 * (100 000 users, 1.5 M completions, 3 M events) froze the server's loop for 16.5 s. In a
 * worker thread they take as long and the server keeps answering. The worker is plain
 * CommonJS given as text, so it needs no file of its own next to the bundled server, and loads
 * the same @libsql/client package the server does.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const CLIENT = createRequire(import.meta.url).resolve('@libsql/client');

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { createClient } = require(workerData.client);
async function integrity(file) {
  const db = createClient({ url: 'file:' + file });
  try {
    const { rows } = await db.execute('PRAGMA integrity_check');
    return rows.map((r) => String(r[0])).join('; ');
  } catch (err) {
    return String((err && err.message) || err);
  } finally {
    db.close();
  }
}
(async () => {
  if (workerData.from) {
    const db = createClient({ url: 'file:' + workerData.from });
    try {
      await db.execute({ sql: 'VACUUM INTO ?', args: [workerData.check] });
    } finally {
      db.close();
    }
  }
  parentPort.postMessage(await integrity(workerData.check));
})().catch((err) => parentPort.postMessage({ failed: String((err && err.message) || err) }));
`;

/**
 * `from`: copies that database into `check` first (`VACUUM INTO`). Answers `integrity_check`'s
 * verdict on `check` ('ok' when whole); a failed copy rejects.
 */
export function integrityOffThread(job: { check: string; from?: string }): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { ...job, client: CLIENT } });
    worker.once('message', (answer: string | { failed: string }) => {
      if (typeof answer === 'string') resolve(answer);
      else reject(new Error(answer.failed));
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
