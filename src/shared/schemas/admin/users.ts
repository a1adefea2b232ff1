/** Contracts of the admin's users API (/api/admin/users): what the users section sends and reads. */
import { DEPTH_LEVELS, ROLES } from '#db/schema/enums';
import { adminUsers } from '#shared/copy/admin/users';
import { validation } from '#shared/copy/validation';
import { z } from '#shared/zod';
import { searchTermSchema } from '#shared/schemas/admin/search-term';
import { publicUserSchema } from '#shared/schemas/auth';
import { emailSchema, multiLine, singleLine } from '#shared/schemas/common';

const f = adminUsers.fields;
const v = adminUsers.validation;
const onOff = (field: string) => z.boolean({ error: v.notOnOff(field) });

/** The fields an admin may change on a user; every field optional (PATCH), unknown fields refused. */
export const adminUserUpdateSchema = z
  .strictObject({
    firstName: z
      .string({ error: v.notText(f.firstName) })
      .trim()
      .max(80, v.tooLong(f.firstName, 80))
      .check(singleLine()),
    email: emailSchema,
    phone: z
      .string({ error: v.notText(f.phone) })
      .trim()
      .max(30, v.tooLong(f.phone, 30))
      .regex(/^(\+?[\d\s()-]{3,})?$/, v.phoneInvalid)
      .check(singleLine())
      .transform((s) => s || null)
      .nullable(),
    isActive: onOff(f.isActive),
    isPremium: onOff(f.isPremium),
    /** The user's role in the admin; null takes it away. Only an owner may change it. */
    role: z.enum(ROLES, { error: v.roleInvalid }).nullable(),
    onboardingCompleted: onOff(f.onboardingCompleted),
    depthLevel: z.enum(DEPTH_LEVELS, { error: validation.depthLevelInvalid }),
    adminNotes: z
      .string({ error: v.notText(f.adminNotes) })
      .max(2000, v.tooLong(v.notesField, 2000))
      .check(multiLine()),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { error: validation.nothingToSave });
export type AdminUserUpdate = z.input<typeof adminUserUpdateSchema>;
export type AdminUserPatch = z.output<typeof adminUserUpdateSchema>;

export const ADMIN_PAGE_SIZE = 20;

export const adminUserListQuerySchema = z.object({
  q: searchTermSchema(v),
  page: z.coerce.number({ error: v.pageInvalid }).int(v.pageInvalid).min(1, v.pageInvalid).max(100_000, v.pageInvalid).default(1),
  pageSize: z.coerce.number({ error: v.pageSizeInvalid }).int().min(1).max(100).default(ADMIN_PAGE_SIZE),
});
export type AdminUserListQuery = z.output<typeof adminUserListQuerySchema>;

/** A user as the admin sees them: the public shape plus the admin's notes. */
export const adminUserSchema = z.object({ ...publicUserSchema.shape, adminNotes: z.string() });
export type AdminUser = z.infer<typeof adminUserSchema>;

export type AdminUserList = { users: AdminUser[]; total: number; page: number; pageSize: number };
