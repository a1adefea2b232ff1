/**
 * A database URL fit for a log line: the file path of a local database, or only the scheme
 * and host of a remote one. A `libsql://` URL may carry a token (`?authToken=…`) or a user
 * and password, and logs are read by more people than the database should be.
 */
export function redactDatabaseUrl(url: string): string {
  if (url.startsWith('file:') || url === ':memory:') return url.split('?')[0]!;
  if (!URL.canParse(url)) return '(ugyldig adresse)';
  const { protocol, host } = new URL(url);
  return `${protocol}//${host}`;
}
