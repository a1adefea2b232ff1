import { Mail } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { NewsletterList } from '#shared/schemas/admin/newsletters';
import { api, call } from '#browser/api';
import { Loadable, useLoad } from '../../ui/Loadable';
import AdminFrame from '../AdminFrame';
import { AdminPageHeader } from '../AdminPageHeader';
import { NewsletterCard } from './NewsletterCard';
import { NewsletterEditor } from './NewsletterEditor';
import { adminNewsletters } from '#shared/copy/admin/newsletters';

const t = adminNewsletters;
/** How often the list reads its figures again while a newsletter is sending. */
const LIST_REFRESH_MS = 3_000;

/** /admin/epost ("E-post"): the newsletters, inside the admin frame, which turns non-admins away. */
export default function NewsletterAdmin() {
  return (
    <AdminFrame active="newsletters">
      <Newsletters />
    </AdminFrame>
  );
}

function Newsletters() {
  const { state, reload } = useLoad<NewsletterList>(() => call(api.admin.newsletters.$get()), 'newsletters', t.loadFailed);
  // null: the list; { id: null }: a new draft; { id }: one newsletter.
  const [open, setOpen] = useState<{ id: string | null } | null>(null);
  // While a newsletter goes out, the list's counts follow it.
  const going = state.status === 'ready' && state.data.newsletters.some((n) => n.status === 'sending');
  useEffect(() => {
    if (!going || open) return;
    const timer = setInterval(reload, LIST_REFRESH_MS);
    return () => clearInterval(timer);
  }, [going, open, reload]);

  if (open) {
    return (
      <NewsletterEditor
        id={open.id}
        onClose={() => {
          setOpen(null);
          reload();
        }}
      />
    );
  }
  const create = () => setOpen({ id: null });
  return (
    <>
      <AdminPageHeader back={t.back} title={t.title} intro={t.intro} newLabel={t.newNewsletter} onNew={create} />
      <Loadable load={state} loading={t.loading} retryLabel={t.back} onRetry={reload}>
        {({ newsletters }) =>
          newsletters.length === 0 ? (
            <div className="card mt-6 flex flex-col items-center gap-3 py-10 text-center">
              <Mail aria-hidden="true" className="size-8 text-brand-700" />
              <h2 className="text-lg font-bold">{t.empty}</h2>
              <p className="text-muted">{t.emptyText}</p>
            </div>
          ) : (
            <ul aria-label={t.listLabel} className="mt-6 grid gap-4">
              {newsletters.map((newsletter) => (
                <li key={newsletter.id} className="min-w-0">
                  <NewsletterCard newsletter={newsletter} onOpen={() => setOpen({ id: newsletter.id })} />
                </li>
              ))}
            </ul>
          )
        }
      </Loadable>
    </>
  );
}
