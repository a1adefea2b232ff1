import { useStore } from '@nanostores/react';
import { ChevronLeft, ChevronRight, Download, Mail, Pencil, RotateCcw, Search, Trash2, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { adminOverview, adminUsers } from '#shared/copy/admin';
import { ADMIN_PAGE_SIZE, type AdminUser, type AdminUserList, type AdminUserUpdate } from '#shared/schemas/admin';
import { api, ApiError, call } from '#browser/api';
import { downloadExport } from '#browser/download';
import { formatDate, formatDateTime } from '#browser/format';
import { $auth } from '#browser/stores/auth';
import { toast } from '#browser/stores/toast';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Loadable, useLoad } from '../../ui/Loadable';
import { SectionHeader } from '../SectionHeader';
import { UserEditDialog } from './UserEditDialog';

const t = adminUsers;
const SEARCH_DELAY_MS = 300;

/** A failed action's toast: the spec's sentence, then the server's reason when it gave one. */
function reportFailure(fallback: string, err: unknown) {
  const reason = err instanceof ApiError ? ` ${err.message}` : '';
  toast({ title: t.errorTitle, description: `${fallback}${reason}`, variant: 'destructive' });
}

const displayName = (u: AdminUser) => u.firstName || u.email;

type Pending = { kind: 'delete' | 'reset' | 'removePremium'; user: AdminUser };

/** What the admin is asked before taking Premium away: whether the user paid for it, and for what. */
function removePremiumQuestion(user: AdminUser) {
  const sub = user.premiumSubscription;
  if (sub && sub.plan !== 'admin_granted') {
    return t.removePaidPremiumConfirm(displayName(user), sub.plan, sub.endDate ? formatDate(sub.endDate) : null);
  }
  return t.removeGrantedPremiumConfirm(displayName(user));
}

const PENDING = {
  delete: { title: t.deleteTitle, action: t.deleteAction, failed: t.deleteFailed },
  reset: { title: t.resetTitle, action: t.resetAction, failed: t.resetFailed },
  removePremium: { title: t.removePremiumTitle, action: t.removePremiumAction, failed: t.updateFailed },
} as const;

/** Brukere: search, page through and act on users. */
export default function UsersSection() {
  const auth = useStore($auth);
  const selfId = auth.user?.id;
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState({ q: '', page: 1 });
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const searchId = useId();

  useEffect(() => {
    const timer = setTimeout(
      () => setQuery((cur) => (cur.q === typed.trim() ? cur : { q: typed.trim(), page: 1 })),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [typed]);

  const { state, reload } = useLoad<AdminUserList>(
    () => call(api.admin.users.$get({ query: { q: query.q, page: String(query.page), pageSize: String(ADMIN_PAGE_SIZE) } })),
    `${query.q}|${query.page}`,
    t.loadFailed,
  );

  // Deleting the last user of the last page leaves that page empty: step back to the new last page.
  useEffect(() => {
    if (state.status !== 'ready' || state.data.users.length > 0 || state.data.page === 1) return;
    const last = Math.max(1, Math.ceil(state.data.total / state.data.pageSize));
    setQuery((cur) => ({ ...cur, page: last }));
  }, [state]);

  async function patch(user: AdminUser, body: AdminUserUpdate, success: string) {
    await call(api.admin.users[':id'].$patch({ param: { id: user.id }, json: body }));
    toast({ title: success, description: displayName(user) });
    reload();
  }

  async function sendLink(user: AdminUser) {
    try {
      const { message } = await call(api.admin.users[':id']['send-login-link'].$post({ param: { id: user.id } }));
      toast({ title: t.linkSent, description: message });
    } catch (err) {
      reportFailure(t.linkFailed, err);
    }
  }

  async function exportData(user: AdminUser) {
    try {
      const data = await call(api.admin.users[':id'].export.$get({ param: { id: user.id } }));
      toast({ title: t.exported, description: t.exportedFile(downloadExport(user.id, data)) });
    } catch (err) {
      reportFailure(t.exportFailed, err);
    }
  }

  async function confirmPending({ kind, user }: Pending) {
    if (kind === 'removePremium') return patch(user, { isPremium: false }, t.statusUpdated);
    if (kind === 'delete') {
      await call(api.admin.users[':id'].$delete({ param: { id: user.id } }));
      toast({ title: t.userDeleted, description: `${displayName(user)} (${user.email})` });
    } else {
      await call(api.admin.users[':id']['reset-progress'].$post({ param: { id: user.id } }));
      toast({ title: t.progressReset, description: displayName(user) });
    }
    reload();
  }

  return (
    <>
      <SectionHeader title={t.title} intro={t.intro} />
      <form role="search" className="mb-4 max-w-xl" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={searchId} className="mb-1.5 block text-sm font-semibold">
          {t.searchLabel}
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-muted"
          />
          <input
            id={searchId}
            type="search"
            className="input pl-11"
            placeholder={t.searchPlaceholder}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
          />
        </div>
      </form>
      <Loadable load={state} loading={t.loading} retryLabel={adminOverview.retry} onRetry={reload}>
        {(list) => (
          <>
            <p className="mb-3 text-sm text-muted" role="status">
              {t.count(list.total)}
            </p>
            {list.users.length === 0 ? (
              <p className="card text-muted">{t.empty}</p>
            ) : (
              <ul className="space-y-3">
                {list.users.map((user) => (
                  <UserCard
                    key={user.id}
                    user={user}
                    isSelf={user.id === selfId}
                    onTogglePremium={() =>
                      // Granting is one click; taking Premium away asks first, naming whether it was paid for.
                      user.isPremium
                        ? setPending({ kind: 'removePremium', user })
                        : patch(user, { isPremium: true }, t.statusUpdated).catch((err: unknown) =>
                            reportFailure(t.updateFailed, err),
                          )
                    }
                    onEdit={() => setEditing(user)}
                    onReset={() => setPending({ kind: 'reset', user })}
                    onSendLink={() => sendLink(user)}
                    onExport={() => exportData(user)}
                    onDelete={() => setPending({ kind: 'delete', user })}
                  />
                ))}
              </ul>
            )}
            <Pagination list={list} onPage={(page) => setQuery((cur) => ({ ...cur, page }))} />
          </>
        )}
      </Loadable>

      {editing && (
        <UserEditDialog
          key={editing.id}
          user={editing}
          isSelf={editing.id === selfId}
          onClose={() => setEditing(null)}
          onSave={async (body) => {
            await patch(editing, body, t.userUpdated);
            setEditing(null);
          }}
        />
      )}
      <ConfirmDialog
        subject={pending}
        title={pending ? PENDING[pending.kind].title : ''}
        message={({ kind, user }) =>
          kind === 'delete'
            ? t.deleteConfirm(displayName(user), user.email)
            : kind === 'reset'
              ? t.resetConfirm(displayName(user))
              : removePremiumQuestion(user)
        }
        confirmLabel={pending ? PENDING[pending.kind].action : ''}
        destructive
        failed={{ title: t.errorTitle, message: pending ? PENDING[pending.kind].failed : '' }}
        onConfirm={confirmPending}
        onClose={() => setPending(null)}
      />
    </>
  );
}

function Badge({ children, tone }: { children: ReactNode; tone: 'brand' | 'green' | 'dark' | 'red' }) {
  const tones = {
    brand: 'bg-brand-50 text-brand-800 ring-brand-200',
    green: 'bg-green-50 text-green-800 ring-green-200',
    dark: 'bg-stone-100 text-stone-800 ring-stone-300',
    red: 'bg-red-50 text-red-800 ring-red-200',
  };
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${tones[tone]}`}>{children}</span>;
}

function UserCard({
  user,
  isSelf,
  onTogglePremium,
  onEdit,
  onReset,
  onSendLink,
  onExport,
  onDelete,
}: {
  user: AdminUser;
  isSelf: boolean;
  onTogglePremium: () => void;
  onEdit: () => void;
  onReset: () => void;
  onSendLink: () => void;
  onExport: () => void;
  onDelete: () => void;
}) {
  const who = <span className="sr-only"> {displayName(user)}</span>;
  const actions: { label: string; icon: LucideIcon; onClick: () => void; danger?: boolean }[] = [
    { label: t.actions.edit, icon: Pencil, onClick: onEdit },
    { label: t.actions.resetProgress, icon: RotateCcw, onClick: onReset },
    { label: t.actions.sendLink, icon: Mail, onClick: onSendLink },
    { label: t.actions.export, icon: Download, onClick: onExport },
    // Nobody deletes themselves (the server refuses it too).
    ...(isSelf ? [] : [{ label: t.actions.delete, icon: Trash2, onClick: onDelete, danger: true }]),
  ];
  return (
    <li className="card p-4 sm:p-5" data-testid="user-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{user.firstName || t.noName}</span>
            {user.isPremium && <Badge tone="brand">{t.badgePremium}</Badge>}
            {user.onboardingCompleted && <Badge tone="green">{t.badgeOnboarded}</Badge>}
            {user.isAdmin && <Badge tone="dark">{t.badgeAdmin}</Badge>}
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
          aria-checked={user.isPremium}
          onClick={onTogglePremium}
          className="inline-flex min-h-11 items-center gap-2 rounded-xl px-2 text-sm font-semibold"
        >
          <span
            aria-hidden="true"
            className={`relative h-6 w-11 rounded-full transition-colors ${user.isPremium ? 'bg-brand-700' : 'bg-stone-500'}`}
          >
            <span
              className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition-all ${user.isPremium ? 'left-[1.375rem]' : 'left-0.5'}`}
            />
          </span>
          {t.badgePremium}
          {who}
        </button>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        {actions.map(({ label, icon: Icon, onClick, danger }) => (
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
    </li>
  );
}

function Pagination({ list, onPage }: { list: AdminUserList; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t.pagination} className="mt-4 flex items-center justify-between gap-3">
      <button type="button" className="btn-secondary" disabled={list.page <= 1} onClick={() => onPage(list.page - 1)}>
        <ChevronLeft aria-hidden="true" className="size-4" />
        {t.previous}
      </button>
      <p className="text-sm text-muted">{t.pageOf(list.page, pages)}</p>
      <button type="button" className="btn-secondary" disabled={list.page >= pages} onClick={() => onPage(list.page + 1)}>
        {t.next}
        <ChevronRight aria-hidden="true" className="size-4" />
      </button>
    </nav>
  );
}
