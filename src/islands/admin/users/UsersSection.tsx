import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { adminOverview } from '#shared/copy/admin/dashboard';
import { adminUsers } from '#shared/copy/admin/users';
import { hasActivePremium } from '#shared/premium';
import { ADMIN_PAGE_SIZE, type AdminUser, type AdminUserList } from '#shared/schemas/admin/users';
import { api, call } from '#browser/api';
import { $auth } from '#browser/stores/auth';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Loadable, useLoad } from '../../ui/Loadable';
import { PagedList } from '../PagedList';
import { SectionHeader } from '../SectionHeader';
import { displayName } from './display-name';
import { RemovePremiumConfirm } from './RemovePremiumConfirm';
import { reportFailure, userActions } from './user-actions';
import { UserCard } from './UserCard';
import { UserEditDialog } from './UserEditDialog';
import { UserSearch } from './UserSearch';

const t = adminUsers;

type Pending = { kind: 'delete' | 'reset'; user: AdminUser };

const PENDING = {
  delete: { title: t.deleteTitle, action: t.deleteAction, failed: t.deleteFailed },
  reset: { title: t.resetTitle, action: t.resetAction, failed: t.resetFailed },
} as const;

/** Brukere: search, page through and act on users. */
export default function UsersSection() {
  const auth = useStore($auth);
  const selfId = auth.user?.id;
  const viewerRole = auth.user?.role ?? null;
  const [query, setQuery] = useState({ q: '', page: 1 });
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [removingPremium, setRemovingPremium] = useState<AdminUser | null>(null);
  const search = useCallback((q: string) => setQuery((cur) => (cur.q === q ? cur : { q, page: 1 })), []);

  const { state, reload } = useLoad<AdminUserList>(
    () => call(api.admin.users.$get({ query: { q: query.q, page: String(query.page), pageSize: String(ADMIN_PAGE_SIZE) } })),
    `${query.q}|${query.page}`,
    t.loadFailed,
  );
  const { patch, sendLink, exportData, remove, resetProgress } = userActions(reload);

  // Deleting the last user of the last page leaves that page empty: step back to the new last page.
  useEffect(() => {
    if (state.status !== 'ready' || state.data.users.length > 0 || state.data.page === 1) return;
    const last = Math.max(1, Math.ceil(state.data.total / state.data.pageSize));
    setQuery((cur) => ({ ...cur, page: last }));
  }, [state]);

  return (
    <>
      <SectionHeader title={t.title} intro={t.intro} />
      <UserSearch onSearch={search} />
      <Loadable load={state} loading={t.loading} retryLabel={adminOverview.retry} onRetry={reload}>
        {(list) => (
          <PagedList
            list={list}
            items={list.users}
            count={t.count(list.total)}
            empty={t.empty}
            onPage={(page) => setQuery((cur) => ({ ...cur, page }))}
          >
            {(user) => (
              <UserCard
                key={user.id}
                user={user}
                isSelf={user.id === selfId}
                viewerRole={viewerRole}
                onTogglePremium={() =>
                  // Granting is one click; taking Premium away asks first, naming whether it was paid for.
                  hasActivePremium(user, Date.now())
                    ? setRemovingPremium(user)
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
            )}
          </PagedList>
        )}
      </Loadable>

      {editing && (
        <UserEditDialog
          key={editing.id}
          user={editing}
          isSelf={editing.id === selfId}
          viewerRole={viewerRole}
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
          kind === 'delete' ? t.deleteConfirm(displayName(user), user.email) : t.resetConfirm(displayName(user))
        }
        confirmLabel={pending ? PENDING[pending.kind].action : ''}
        destructive
        failed={{ title: t.errorTitle, message: pending ? PENDING[pending.kind].failed : '' }}
        onConfirm={({ kind, user }) => (kind === 'delete' ? remove(user) : resetProgress(user))}
        onClose={() => setPending(null)}
      />
      <RemovePremiumConfirm
        user={removingPremium}
        onConfirm={(user) => patch(user, { isPremium: false }, t.statusUpdated)}
        onClose={() => setRemovingPremium(null)}
      />
    </>
  );
}
