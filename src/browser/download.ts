import { exportFileName } from '#shared/schemas/account';

/** Saves `text` as a file the browser downloads, named `name`. */
export function saveFile(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Saves a user's data export as a JSON file named by `exportFileName` (schemas/account.ts); returns the file name. */
export function downloadExport(userId: string, data: unknown): string {
  const name = exportFileName(userId, Date.now());
  saveFile(name, JSON.stringify(data, null, 2), 'application/json');
  return name;
}
