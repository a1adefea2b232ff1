import type { AdminUser, AdminUserUpdate } from '#shared/schemas/admin/users';
import { api, ApiError, call } from '#browser/api';
import { downloadExport } from '#browser/download';
import { toast } from '#browser/stores/toast';
import { displayName } from './display-name';
import { adminUsers } from '#shared/copy/admin/users';

const t = adminUsers;

/** A failed action's toast: the copy's sentence, then the server's reason when it gave one. */
export function reportFailure(fallback: string, err: unknown) {
  const reason = err instanceof ApiError ? ` ${err.message}` : '';
  toast({ title: t.errorTitle, description: `${fallback}${reason}`, variant: 'destructive' });
}

/**
 * What the admin does to one user, each saying how it went in a toast; `reload` refreshes the
 * list after a change. The patch and the confirmed actions throw on failure (their dialog shows
 * it); sending a link and exporting report it themselves.
 */
export function userActions(reload: () => void) {
  return {
    async patch(user: AdminUser, body: AdminUserUpdate, success: string) {
      await call(api.admin.users[':id'].$patch({ param: { id: user.id }, json: body }));
      toast({ title: success, description: displayName(user) });
      reload();
    },

    async sendLink(user: AdminUser) {
      try {
        const { message } = await call(api.admin.users[':id']['send-login-link'].$post({ param: { id: user.id } }));
        toast({ title: t.linkSent, description: message });
      } catch (err) {
        reportFailure(t.linkFailed, err);
      }
    },

    async exportData(user: AdminUser) {
      try {
        const data = await call(api.admin.users[':id'].export.$get({ param: { id: user.id } }));
        toast({ title: t.exported, description: t.exportedFile(downloadExport(user.id, data)) });
      } catch (err) {
        reportFailure(t.exportFailed, err);
      }
    },

    async remove(user: AdminUser) {
      await call(api.admin.users[':id'].$delete({ param: { id: user.id } }));
      toast({ title: t.userDeleted, description: `${displayName(user)} (${user.email})` });
      reload();
    },

    async resetProgress(user: AdminUser) {
      await call(api.admin.users[':id']['reset-progress'].$post({ param: { id: user.id } }));
      toast({ title: t.progressReset, description: displayName(user) });
      reload();
    },
  };
}
