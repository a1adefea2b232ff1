import type { Context } from 'hono';
import { exportFileName, type UserExport } from '#shared/schemas/account';
import type { AppEnv } from '#worker/context';

/** A user's export as a download (the user's own and the admin's alike), named for the moment it was taken. */
export function exportDownload<E extends AppEnv>(c: Context<E>, data: UserExport) {
  c.header('Content-Disposition', `attachment; filename="${exportFileName(data.userId, Date.parse(data.exportedAt))}"`);
  return c.json(data);
}
