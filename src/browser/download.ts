import { exportFileName } from '#shared/schemas/account';

/** Saves a user's data export as a JSON file named by `exportFileName` (schemas/account.ts); returns the file name. */
export function downloadExport(userId: string, data: unknown): string {
  const name = exportFileName(userId, Date.now());
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}
