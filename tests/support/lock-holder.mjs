/**
 * Another process holding the write lock on a libSQL file, as a migration, a backup or
 * `sqlite3` in a terminal would: `node lock-holder.mjs FILE`. Prints "locked" once it holds the
 * lock, and lets go (rolls back, exits) when its stdin closes or after 60 s at most, so a
 * crashed test never leaves it behind. Plain JS, so it runs without a loader.
 */
import Database from 'libsql';
import process from 'node:process';
import { setTimeout } from 'node:timers';

const db = new Database(process.argv[2]);
db.exec('BEGIN IMMEDIATE');
process.stdout.write('locked\n');

let released = false;
const release = () => {
  if (released) return;
  released = true;
  db.exec('ROLLBACK');
  db.close();
  process.exit(0);
};
process.stdin.on('end', release).on('close', release).resume();
setTimeout(release, 60_000).unref();
