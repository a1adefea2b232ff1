import { MailWarning } from 'lucide-react';
import { adminOverview } from '#shared/copy/admin/dashboard';
import { adminShell } from '#shared/copy/admin';
import type { FailedMailResponse } from '#shared/schemas/admin/mail';
import { api, call } from '#browser/api';
import { formatRelative } from '#browser/format';
import { Loadable, useLoad } from '../../ui/Loadable';

const t = adminOverview.failedMail;

/** The overview's card of mail the queue gave up on, from GET /api/admin/mail/failed. */
export function FailedMail() {
  const { state, reload } = useLoad<FailedMailResponse>(() => call(api.admin.mail.failed.$get()), 'failed-mail', t.loadFailed);
  return (
    <section aria-labelledby="failed-mail-title" className="card mt-6">
      <div className="flex items-center justify-between gap-3">
        <h2 id="failed-mail-title" className="text-lg font-bold">
          {t.title}
        </h2>
        <MailWarning aria-hidden="true" className="size-5 text-brand-700" />
      </div>
      <p className="mt-1 text-sm text-muted">{t.intro}</p>
      <Loadable load={state} loading={adminShell.loading} retryLabel={adminOverview.retry} onRetry={reload}>
        {(data) =>
          data.count === 0 ? (
            <p className="mt-3">{t.none}</p>
          ) : (
            <>
              <p className="mt-3 font-semibold">{t.count(data.count)}</p>
              {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
              <div className="mt-2 overflow-x-auto" tabIndex={0}>
                <table className="w-full text-left text-sm">
                  <thead className="text-muted">
                    <tr>
                      <th className="py-2 pr-4 font-semibold">{t.to}</th>
                      <th className="py-2 pr-4 font-semibold">{t.subject}</th>
                      <th className="py-2 pr-4 font-semibold">{t.error}</th>
                      <th className="py-2 font-semibold">{t.when}</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-stone-200">
                    {data.latest.map((m) => (
                      <tr key={m.id}>
                        <td className="py-2 pr-4">{m.to}</td>
                        <td className="py-2 pr-4 break-words">{m.subject}</td>
                        <td className="py-2 pr-4 break-words">{m.lastError}</td>
                        <td className="py-2">
                          <time dateTime={m.failedAt}>{formatRelative(m.failedAt)}</time>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )
        }
      </Loadable>
    </section>
  );
}
