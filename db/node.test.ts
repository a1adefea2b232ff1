import { describe, expect, it } from 'vitest';
import { DatabaseBusyError } from './busy';
import { DatabaseOpenError, startError } from './node';

const libsqlError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('startError: a failure while the server starts, as one line', () => {
  it.each([
    [libsqlError('SQLITE_FULL', 'SQLITE_FULL: database or disk is full'), 'disken er full'],
    [new Error('Failed query', { cause: libsqlError('SQLITE_FULL', 'database or disk is full') }), 'disken er full'],
    [
      new DatabaseBusyError(2000, { cause: libsqlError('SQLITE_BUSY', 'database is locked') }),
      'databasen er låst av en annen prosess',
    ],
    [libsqlError('SQLITE_READONLY', 'attempt to write a readonly database'), 'filen eller mappen er skrivebeskyttet'],
    [libsqlError('SQLITE_IOERR', 'disk I/O error'), 'lese- eller skrivefeil på disken (SQLITE_IOERR)'],
  ])('names DATABASE_URL and the cause of %s', (err, cause) => {
    const made = startError('file:data/app.db', err);
    expect(made).toBeInstanceOf(DatabaseOpenError);
    expect((made as Error).message).toBe(`DATABASE_URL (file:data/app.db): ${cause}.`);
  });

  it('hands any other error back as it is (a bug: its stack trace is wanted)', () => {
    const bug = new TypeError('x is undefined');
    expect(startError('file:data/app.db', bug)).toBe(bug);
  });
});
