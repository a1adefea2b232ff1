import { describe, expect, it } from 'vitest';
import { redactDatabaseUrl } from './url';

describe('redactDatabaseUrl', () => {
  it.each([
    ['file:data/app.db', 'file:data/app.db'],
    ['file:/srv/app.db?mode=ro', 'file:/srv/app.db'],
    ['libsql://db-org.turso.io?authToken=eyJhbGciOiJFZERTQSJ9.secret', 'libsql://db-org.turso.io'],
    ['https://user:hunter2@sqld.example.no:8080/v2?tls=1', 'https://sqld.example.no:8080'],
    ['not a url', '(ugyldig adresse)'],
  ])('%s → %s', (url, shown) => {
    const redacted = redactDatabaseUrl(url);
    expect(redacted).toBe(shown);
    expect(redacted).not.toMatch(/secret|hunter2|authToken/);
  });
});
