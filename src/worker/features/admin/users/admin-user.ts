import type { User } from '#db/schema';
import type { AdminUser } from '#shared/schemas/admin';
import { publicUser } from '#worker/features/auth/index';
import { notFound } from '#worker/http/errors';

/** A user as the admin sees them: what they see of themselves, plus the admin's notes. */
export const adminUser = (user: User): AdminUser => ({ ...publicUser(user), adminNotes: user.adminNotes });

export const userNotFound = () => notFound('Fant ikke brukeren.');
