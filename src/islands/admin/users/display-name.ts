import type { AdminUser } from '#shared/schemas/admin/users';

/** How the admin's messages name a user: their name, or their address when they gave none. */
export const displayName = (u: AdminUser) => u.firstName || u.email;
