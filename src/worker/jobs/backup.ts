import type { ServiceCtx } from '#worker/context';

/** On Workers the database is Turso's, which keeps its own history: nothing to copy here. */
export const NO_FILE_TO_BACK_UP = 'no-file-database';

/**
 * The nightly backup of the embedded database file. The Node entry brings the work (a
 * platform adapter with the file system, platform/backup); on Workers there is none and the
 * job does nothing (restore there is Turso's point in time).
 */
export async function nightlyBackup({ backup }: ServiceCtx<'backup'>, at: number): Promise<unknown> {
  return backup ? backup(at) : NO_FILE_TO_BACK_UP;
}
