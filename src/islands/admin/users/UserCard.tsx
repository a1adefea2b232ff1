import { Download, Mail, Pencil, RotateCcw, Trash2, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Role } from '#db/schema/enums';
import { mayManageRoles, mayUse, type AdminRoute } from '#shared/permissions';
import type { AdminUser } from '#shared/schemas/admin/users';
import { hasActivePremium } from '#shared/premium';
import { formatDateTime } from '#browser/format';
import { UserTags } from './UserTags';
import { displayName } from './display-name';
import { adminUsers } from '#shared/copy/admin/users';

const t = adminUsers;

function Badge({ children, tone }: { children: ReactNode; tone: 'brand' | 'green' | 'dark' | 'red' }) {
  const tones = {
    brand: 'bg-brand-50 text-brand-800 ring-brand-200',
    green: 'bg-green-50 text-green-800 ring-green-200',
    dark: 'bg-stone-100 text-stone-800 ring-stone-300',
    red: 'bg-red-50 text-red-800 ring-red-200',
  };
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${tones[tone]}`}>{children}</span>;
}

/** One user in the list: who they are, their badges, the Premium switch and the actions on them. */
export function UserCard({
  user,
  isSelf,
  viewerRole,
  onTogglePremium,
  onEdit,
  onReset,
  onSendLink,
  onExport,
  onDelete,
}: {
  user: AdminUser;
  isSelf: boolean;
  /** The signed-in member of staff's role: the card offers only what it may do (the server refuses the rest too). */
  viewerRole: Role | null;
  onTogglePremium: () => void;
  onEdit: () => void;
  onReset: () => void;
  onSendLink: () => void;
  onExport: () => void;
  onDelete: () => void;
}) {
  const who = <span className="sr-only"> {displayName(user)}</span>;
  // Premium now, by the one rule: a refunded or expired buyer's flag stays set with an end date passed.
  const premium = hasActivePremium(user, Date.now());
  // An owner is changed or deleted by an owner only.
  const may = (route: AdminRoute, changes = false) =>
    mayUse(viewerRole, route) && (!changes || user.role !== 'owner' || mayManageRoles(viewerRole));
  const mayEdit = may('PATCH /api/admin/users/:id', true);
  const actions: { label: string; icon: LucideIcon; onClick: () => void; danger?: boolean; allowed: boolean }[] = [
    { label: t.actions.edit, icon: Pencil, onClick: onEdit, allowed: mayEdit },
    {
      label: t.actions.resetProgress,
      icon: RotateCcw,
      onClick: onReset,
      allowed: may('POST /api/admin/users/:id/reset-progress'),
    },
    { label: t.actions.sendLink, icon: Mail, onClick: onSendLink, allowed: may('POST /api/admin/users/:id/send-login-link') },
    { label: t.actions.export, icon: Download, onClick: onExport, allowed: may('GET /api/admin/users/:id/export') },
    // Nobody deletes themselves (the server refuses it too).
    {
      label: t.actions.delete,
      icon: Trash2,
      onClick: onDelete,
      danger: true,
      allowed: !isSelf && may('DELETE /api/admin/users/:id', true),
    },
  ];
  return (
    <li className="card p-4 sm:p-5" data-testid="user-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{user.firstName || t.noName}</span>
            {premium && <Badge tone="brand">{t.badgePremium}</Badge>}
            {user.onboardingCompleted && <Badge tone="green">{t.badgeOnboarded}</Badge>}
            {user.role && <Badge tone="dark">{t.roles[user.role]}</Badge>}
            {!user.isActive && <Badge tone="red">{t.badgeInactive}</Badge>}
          </p>
          <p className="truncate text-sm text-muted">{user.email}</p>
          <p className="text-xs text-muted">
            {t.columns.lastLogin}: {user.lastLogin ? formatDateTime(user.lastLogin) : t.never}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={premium}
          onClick={onTogglePremium}
          disabled={!mayEdit}
          className="inline-flex min-h-11 items-center gap-2 rounded-xl px-2 text-sm font-semibold disabled:cursor-not-allowed"
        >
          <span
            aria-hidden="true"
            className={`relative h-6 w-11 rounded-full transition-colors ${premium ? 'bg-brand-700' : 'bg-stone-500'}`}
          >
            <span
              className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition-all ${premium ? 'left-[1.375rem]' : 'left-0.5'}`}
            />
          </span>
          {t.badgePremium}
          {who}
        </button>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        {actions
          .filter((a) => a.allowed)
          .map(({ label, icon: Icon, onClick, danger }) => (
            <button
              key={label}
              type="button"
              onClick={onClick}
              className={`inline-flex min-h-10 items-center gap-1.5 rounded-lg border px-3 py-1.5 text-sm font-medium ${
                danger ? 'border-red-200 text-red-800 hover:bg-red-50' : 'border-stone-300 text-ink hover:bg-stone-50'
              }`}
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
              {who}
            </button>
          ))}
      </div>
      <UserTags userId={user.id} name={displayName(user)} />
    </li>
  );
}
