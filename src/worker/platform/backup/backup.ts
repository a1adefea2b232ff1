/**
 * Online backups of the embedded database (Node only). `VACUUM INTO` on a connection of its
 * own, in a worker thread (off-thread.ts), copies a consistent snapshot, write-ahead log
 * included, while the server keeps serving: in WAL mode a reader neither waits for the writer
 * nor holds it up. Each copy is written under
 * a temporary name, opened and checked with `PRAGMA integrity_check`, and only then given its
 * final name, so a file named like a backup is a whole one. On Turso there is no file: Turso
 * keeps the history itself (point-in-time restore), and the nightly job does nothing.
 */
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { backupCopy } from '#shared/copy/backup';
import { osloCalendarDay } from '#shared/time';
import type { Config } from '#worker/config';
import { integrityOffThread } from './off-thread';

/** A backup's refusal or failure, worded for the operator. */
export class BackupError extends Error {
  override name = 'BackupError';
}

const PREFIX = 'soloprenor-';
/** `soloprenor-2026-11-25T01-00-00.000Z.db`: sorts by time, says when (UTC), and two never share a name. */
const NAME = /^soloprenor-(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d\.\d{3})Z\.db$/;

export const backupName = (at: number) => `${PREFIX}${new Date(at).toISOString().replaceAll(':', '-')}`.replace(/Z$/, 'Z.db');

const backupTime = (name: string) => {
  const m = NAME.exec(name);
  return m ? Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`) : null;
};

/** The file of a `file:` DATABASE_URL, or null for a remote (Turso, sqld) or in-memory database. */
export function databaseFile(url: string): string | null {
  if (!url.startsWith('file:') || url.includes(':memory:')) return null;
  return url.slice('file:'.length).split('?')[0]!;
}

/** BACKUP_DIR, or `backups/` beside the database file. */
export const backupDir = (config: Config, file: string) => config.BACKUP_DIR ?? join(dirname(file), 'backups');

/** The backups in `dir`, oldest first. */
export function listBackups(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter((n) => NAME.test(n)).sort();
}

/** Opens `file` on a connection of its own and checks every page; throws a BackupError unless it is whole. */
export async function verifyDatabase(file: string): Promise<void> {
  const verdict = await integrityOffThread({ check: file });
  if (verdict !== 'ok') throw new BackupError(backupCopy.notWhole(file, verdict));
}

export type BackupResult = { file: string; bytes: number; removed: string[] };

/** Copies the database into `dir` while it is in use, checks the copy, and keeps the newest `keep` (null: all). */
export async function takeBackup(opts: { file: string; dir: string; keep: number | null; now: number }): Promise<BackupResult> {
  mkdirSync(opts.dir, { recursive: true });
  const final = join(opts.dir, backupName(opts.now));
  const partial = `${final}.partial`;
  rmSync(partial, { force: true });
  try {
    const verdict = await integrityOffThread({ from: opts.file, check: partial });
    if (verdict !== 'ok') throw new BackupError(backupCopy.notWhole(partial, verdict));
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
  renameSync(partial, final);
  const older = listBackups(opts.dir).filter((n) => n !== backupName(opts.now));
  const removed = opts.keep === null ? [] : older.slice(0, Math.max(0, older.length + 1 - opts.keep));
  for (const name of removed) rmSync(join(opts.dir, name), { force: true });
  return { file: final, bytes: statSync(final).size, removed };
}

/**
 * The nightly job's work: one backup per Oslo calendar day, taken at the first run of the day
 * (the Node entry runs the jobs hourly, so shortly after midnight). A run that finds today's
 * backup made does nothing.
 */
export function nightlyBackups(opts: { file: string; dir: string; keep: number }) {
  return async (at: number): Promise<BackupResult | 'already-today'> => {
    const newest = listBackups(opts.dir).at(-1);
    const newestAt = newest ? backupTime(newest) : null;
    if (newestAt !== null && osloCalendarDay(newestAt) === osloCalendarDay(at)) return 'already-today';
    return takeBackup({ ...opts, now: at });
  };
}
