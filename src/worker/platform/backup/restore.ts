/**
 * Puts a backup in place of the database file (Node only, server stopped). The backup is
 * checked first; the database as it was is itself backed up (or, if it cannot be read, moved
 * aside with its log), so a restore can be undone. The old write-ahead log goes with the old
 * file: replayed onto the restored one it would corrupt it.
 */
import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import { backupCopy } from '#shared/copy/backup';
import { BackupError, takeBackup, verifyDatabase } from './backup';
import { runningServer, serverLockFile } from './server-lock';

const LOG_FILES = ['-wal', '-shm'];

export async function restoreBackup(opts: {
  backup: string;
  file: string;
  dir: string;
  now: number;
}): Promise<{ previous: string | null }> {
  const { backup, file } = opts;
  if (!existsSync(backup)) throw new BackupError(backupCopy.missing(backup));
  const pid = runningServer(file);
  if (pid !== null) throw new BackupError(backupCopy.serverRunning(pid, file, serverLockFile(file)));
  await verifyDatabase(backup);
  // Copied before anything else: the backup of the current database may take the backup's own name.
  const incoming = `${file}.restoring`;
  copyFileSync(backup, incoming);

  let previous: string | null = null;
  if (existsSync(file)) {
    try {
      previous = (await takeBackup({ file, dir: opts.dir, keep: null, now: opts.now })).file;
    } catch {
      // Unreadable (the reason to restore, perhaps): kept as it is, beside itself.
      previous = `${file}.before-restore-${opts.now}`;
      for (const suffix of ['', ...LOG_FILES]) {
        if (existsSync(file + suffix)) renameSync(file + suffix, previous + suffix);
      }
    }
  }
  for (const suffix of LOG_FILES) rmSync(file + suffix, { force: true });
  renameSync(incoming, file);
  return { previous };
}
