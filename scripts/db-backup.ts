/**
 * `npm run db:backup`: an online backup of DATABASE_URL's file into BACKUP_DIR (default
 * `backups/` beside it), verified, keeping the newest BACKUP_KEEP. Safe while the server runs.
 */
import { backupCopy } from '#shared/copy/backup';
import { ConfigError, parseConfig } from '#worker/config';
import { BackupError, backupDir, databaseFile, takeBackup } from '#worker/platform/backup/backup';

try {
  const config = parseConfig(process.env);
  const file = databaseFile(config.DATABASE_URL);
  if (!file) throw new BackupError(backupCopy.remote);
  const {
    file: saved,
    bytes,
    removed,
  } = await takeBackup({
    file,
    dir: backupDir(config, file),
    keep: config.BACKUP_KEEP,
    now: Date.now(),
  });
  console.log(backupCopy.saved(saved, Math.ceil(bytes / 1024), removed.length));
} catch (err) {
  if (!(err instanceof BackupError || err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}
