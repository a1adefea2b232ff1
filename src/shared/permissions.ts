/**
 * Who may use what in the admin: the one table of every admin API route (Hono's `METHOD /path`)
 * and the roles allowed to call it (docs/decisions/0051-roles.md). The server enforces it per
 * request (`requireAdmin`, src/worker/http/guards.ts); the admin shows a section, or an action,
 * only to the roles allowed the route behind it. A test walks every admin route × every role
 * (src/worker/features/admin/permissions.test.ts) and fails for a route missing here: a new admin
 * route is added to this table, or it stays the owner's alone.
 */
import { ROLES, type Role } from '#db/schema/enums';

const EVERYONE = ROLES;
/** Money, people, exports, settings and sending: the owner and the admins. */
const MANAGERS = ['owner', 'admin'] as const satisfies readonly Role[];
/** Lessons, modules, files and newsletters' drafts and preview. */
const CONTENT = [...MANAGERS, 'editor'] as const satisfies readonly Role[];
/** Users' learning data and sign-in help. */
const SUPPORT = [...MANAGERS, 'support'] as const satisfies readonly Role[];

export const ADMIN_PERMISSIONS = {
  'GET /api/admin/questions': EVERYONE,
  'POST /api/admin/questions/:id/answers': EVERYONE,
  'PUT /api/admin/questions/posts/:id/hidden': EVERYONE,
  'DELETE /api/admin/questions/posts/:id': EVERYONE,
  'DELETE /api/admin/questions/posts/:id/reports': EVERYONE,
  'PUT /api/admin/questions/authors/:id/blocked': EVERYONE,
  'GET /api/admin/dashboard': MANAGERS,
  'GET /api/admin/dashboard/revenue': MANAGERS,
  'GET /api/admin/accounting/export': MANAGERS,
  'GET /api/admin/users': SUPPORT,
  // A change of role, or of an owner, is the owner's alone (checked by the service, src/worker/features/admin/users/update.ts).
  'PATCH /api/admin/users/:id': MANAGERS,
  'DELETE /api/admin/users/:id': MANAGERS,
  'POST /api/admin/users/:id/send-login-link': SUPPORT,
  'POST /api/admin/users/:id/reset-progress': SUPPORT,
  'GET /api/admin/users/:id/export': MANAGERS,
  'GET /api/admin/leads': MANAGERS,
  'GET /api/admin/leads/export': MANAGERS,
  'GET /api/admin/leads/:id/consents': MANAGERS,
  'GET /api/admin/mail/failed': MANAGERS,
  'GET /api/admin/payments': MANAGERS,
  'POST /api/admin/payments/:id/refund': MANAGERS,
  'GET /api/admin/content/modules': CONTENT,
  'POST /api/admin/content/preview': CONTENT,
  'POST /api/admin/content/modules': CONTENT,
  'PATCH /api/admin/content/modules/:id': CONTENT,
  'DELETE /api/admin/content/modules/:id': CONTENT,
  'POST /api/admin/content/lessons': CONTENT,
  'PATCH /api/admin/content/lessons/:id': CONTENT,
  'DELETE /api/admin/content/lessons/:id': CONTENT,
  'PUT /api/admin/content/order': CONTENT,
  'POST /api/admin/files': CONTENT,
  // The welcome series mails every new member as soon as it is saved: changing it is sending.
  'GET /api/admin/welcome-series': MANAGERS,
  'POST /api/admin/welcome-series': MANAGERS,
  'POST /api/admin/welcome-series/test': MANAGERS,
  'PUT /api/admin/welcome-series/:id': MANAGERS,
  'DELETE /api/admin/welcome-series/:id': MANAGERS,
  'PUT /api/admin/welcome-series/order': MANAGERS,
  'GET /api/admin/settings': MANAGERS,
  'PUT /api/admin/settings': MANAGERS,
  'GET /api/admin/campaigns': MANAGERS,
  // Public, unguarded (the premium screen shows the active campaign to every visitor): every role too.
  'GET /api/admin/campaigns/active': EVERYONE,
  'POST /api/admin/campaigns': MANAGERS,
  'PUT /api/admin/campaigns/:id': MANAGERS,
  'DELETE /api/admin/campaigns/:id': MANAGERS,
  'GET /api/admin/newsletters': CONTENT,
  'POST /api/admin/newsletters': CONTENT,
  'POST /api/admin/newsletters/preview': CONTENT,
  'GET /api/admin/newsletters/segment-count': CONTENT,
  'GET /api/admin/newsletters/:id': CONTENT,
  'PUT /api/admin/newsletters/:id': CONTENT,
  // The test send goes to the signed-in editor alone: a preview in their own inbox.
  'POST /api/admin/newsletters/:id/test': CONTENT,
  'POST /api/admin/newsletters/:id/send': MANAGERS,
  'POST /api/admin/newsletters/:id/cancel': MANAGERS,
  // Automations mail people as soon as they are switched on: changing one is sending.
  'GET /api/admin/automations': MANAGERS,
  'GET /api/admin/automations/:kind': MANAGERS,
  'PUT /api/admin/automations/:kind': MANAGERS,
  // Tags name audiences: an editor picks one for a newsletter's draft, support keeps them on a user.
  'GET /api/admin/tags': EVERYONE,
  'GET /api/admin/users/:id/tags': SUPPORT,
  'PUT /api/admin/users/:id/tags/:tag': SUPPORT,
  'DELETE /api/admin/users/:id/tags/:tag': SUPPORT,
  // An import creates members and grants Premium.
  'POST /api/admin/imports': MANAGERS,
  'POST /api/admin/imports/:id/run': MANAGERS,
  'GET /api/admin/imports/:id': MANAGERS,
  // Webhooks carry member ids, addresses and amounts out of the site.
  'GET /api/admin/webhooks': MANAGERS,
  'POST /api/admin/webhooks': MANAGERS,
  'PATCH /api/admin/webhooks/:id': MANAGERS,
  'DELETE /api/admin/webhooks/:id': MANAGERS,
  'GET /api/admin/webhooks/:id/deliveries': MANAGERS,
  'POST /api/admin/webhooks/:id/deliveries/:deliveryId/resend': MANAGERS,
  // Innsikt is revenue and the funnel: the figures the dashboard shows managers.
  'GET /api/admin/insights/funnel': MANAGERS,
  'GET /api/admin/insights/subscriptions': MANAGERS,
  'GET /api/admin/insights/cohorts': MANAGERS,
  // A code is money off: support may read them to help a buyer, only managers make or change one.
  'GET /api/admin/coupons': SUPPORT,
  'POST /api/admin/coupons': MANAGERS,
  'PATCH /api/admin/coupons/:id': MANAGERS,
  // Who referred whom and what was credited: support answers members about their free months.
  'GET /api/admin/referrals': SUPPORT,
} as const satisfies Record<string, readonly Role[]>;

export type AdminRoute = keyof typeof ADMIN_PERMISSIONS;

/**
 * Whether `role` may call `route` (`METHOD /path` as Hono names it). A route not in the table is
 * the owner's alone, so a route added without its line here is refused to everyone else.
 */
export function mayUse(role: Role | null | undefined, route: string): boolean {
  if (!role) return false;
  const allowed: readonly Role[] | undefined = (ADMIN_PERMISSIONS as Record<string, readonly Role[]>)[route];
  return allowed ? allowed.includes(role) : role === 'owner';
}

/**
 * Each screen of the admin (the sidebar's entries) and the route it reads first: a role sees the
 * screen when it may use that route, so the table above decides the menu too.
 */
export const ADMIN_SCREENS = {
  overview: 'GET /api/admin/dashboard',
  users: 'GET /api/admin/users',
  payments: 'GET /api/admin/payments',
  leads: 'GET /api/admin/leads',
  questions: 'GET /api/admin/questions',
  content: 'GET /api/admin/content/modules',
  campaigns: 'GET /api/admin/campaigns',
  welcome: 'GET /api/admin/welcome-series',
  newsletters: 'GET /api/admin/newsletters',
  // The XP rules and achievements: the guide's content, read from the shared list.
  gamification: 'GET /api/admin/content/modules',
  revenue: 'GET /api/admin/dashboard/revenue',
  settings: 'GET /api/admin/settings',
  automations: 'GET /api/admin/automations',
  imports: 'POST /api/admin/imports',
  insights: 'GET /api/admin/insights/funnel',
  webhooks: 'GET /api/admin/webhooks',
  coupons: 'GET /api/admin/coupons',
  referrals: 'GET /api/admin/referrals',
} as const satisfies Record<string, AdminRoute>;
export type AdminScreen = keyof typeof ADMIN_SCREENS;

export const maySee = (role: Role | null | undefined, screen: AdminScreen): boolean => mayUse(role, ADMIN_SCREENS[screen]);

/** Only the owner gives roles, and only the owner changes an owner. */
export const mayManageRoles = (role: Role | null | undefined): boolean => role === 'owner';

/** A member of staff: a user with any role (sees drafts, answers questions as the site, is spared upsells and limits). */
export const isStaff = (user: { role: Role | null }): boolean => user.role !== null;
