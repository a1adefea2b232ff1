/**
 * `npm run db:restore FILE`: replaces DATABASE_URL's file with a verified backup. Refuses while
 * a server uses the file; backs up the database as it was first. The next `npm start` migrates
 * a backup from an older version.
 */
import { backupCopy } from '#shared/copy/backup';
import { ConfigError, parseConfig } from '#worker/config';
import { BackupError, backupDir, databaseFile } from '#worker/platform/backup/backup';
import { restoreBackup } from '#worker/platform/backup/restore';

try {
  const backup = process.argv[2];
  if (!backup) throw new BackupError(backupCopy.usage);
  const config = parseConfig(process.env);
  const file = databaseFile(config.DATABASE_URL);
  if (!file) throw new BackupError(backupCopy.remote);
  const { previous } = await restoreBackup({ backup, file, dir: backupDir(config, file), now: Date.now() });
  console.log(backupCopy.restored(backup, file, previous));
} catch (err) {
  if (!(err instanceof BackupError || err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}
