/** Contracts of the admin API (/api/admin/*): what the admin screens send and read. */
import { DEPTH_LEVELS } from '#db/schema/enums';
import { nb } from '#shared/copy/nb';
import { validation } from '#shared/copy/validation';
import { z } from '#shared/zod';
import { publicUserSchema } from '#shared/schemas/auth';
import { emailSchema, multiLine, singleLine } from '#shared/schemas/common';

const f = nb.adminUsers.fields;
const v = nb.adminUsers.validation;
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
    isAdmin: onOff(f.isAdmin),
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
  q: z.string().trim().max(100, v.searchTooLong).check(singleLine()).optional().default(''),
  page: z.coerce.number({ error: v.pageInvalid }).int(v.pageInvalid).min(1, v.pageInvalid).max(100_000, v.pageInvalid).default(1),
  pageSize: z.coerce.number({ error: v.pageSizeInvalid }).int().min(1).max(100).default(ADMIN_PAGE_SIZE),
});
export type AdminUserListQuery = z.output<typeof adminUserListQuerySchema>;

/** A user as the admin sees them: the public shape plus the admin's notes. */
export const adminUserSchema = z.object({ ...publicUserSchema.shape, adminNotes: z.string() });
export type AdminUser = z.infer<typeof adminUserSchema>;

export type AdminUserList = { users: AdminUser[]; total: number; page: number; pageSize: number };

export const ACTIVITY_KINDS = ['signup', 'login', 'lead', 'lesson', 'upgrade'] as const;
export type ActivityItem = {
  kind: (typeof ACTIVITY_KINDS)[number];
  /** ISO time. */
  at: string;
  /** The user's name or e-mail; null once the user is deleted (a kept payment). */
  who: string | null;
  /** The lesson's title, or the plan upgraded to. */
  detail: string | null;
};

/** GET /api/admin/mail/failed — mail the queue gave up on: the count and the latest (recipient masked). */
export type FailedMailResponse = {
  count: number;
  latest: { id: number; to: string; subject: string; lastError: string; failedAt: string }[];
};

/** GET /api/admin/dashboard — the spec's dashboard response, plus recent activity. */
export type DashboardResponse = {
  users: { total: number; active: number; premium: number };
  content: { totalModules: number; premiumContent: number };
  revenue: { mrr: number };
  activity: ActivityItem[];
};

/** GET /api/admin/dashboard/revenue — paid totals per Oslo month, newest first, and today's MRR. */
export type RevenueResponse = {
  mrr: number;
  subscriptions: { monthly: number; yearly: number };
  totalPaid: number;
  paymentsCount: number;
  months: { month: string; total: number; count: number }[];
  /** Renewals due in the next 30 days, and what they will charge. */
  renewalsDue: { count: number; totalNok: number };
  /** In the last 30 days. */
  failedRenewals: number;
  cancellations: number;
  refunds: { count: number; totalNok: number };
};
