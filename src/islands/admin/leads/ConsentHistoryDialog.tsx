import type { AdminLead, LeadConsentHistory } from '#shared/schemas/admin/leads';
import { api, call } from '#browser/api';
import { formatDateTime } from '#browser/format';
import { Dialog } from '../../ui/Dialog';
import { Loadable, useLoad } from '../../ui/Loadable';
import { adminLeads } from '#shared/copy/admin/leads';
import { adminOverview } from '#shared/copy/admin/dashboard';

const t = adminLeads;
const h = t.historyColumns;

/** The consent history of one lead, as kept for proof (decision 0007): each event, oldest first. */
export function ConsentHistoryDialog({ lead, onClose }: { lead: AdminLead | null; onClose: () => void }) {
  return (
    <Dialog
      open={lead !== null}
      onClose={onClose}
      title={lead ? t.historyFor(lead.email) : t.history}
      description={t.historyIntro}
      size="lg"
    >
      {lead && <History key={lead.id} leadId={lead.id} />}
    </Dialog>
  );
}

function History({ leadId }: { leadId: string }) {
  const { state, reload } = useLoad<LeadConsentHistory>(
    () => call(api.admin.leads[':id'].consents.$get({ param: { id: leadId } })),
    leadId,
    t.historyFailed,
  );
  return (
    <Loadable load={state} loading={t.historyLoading} retryLabel={adminOverview.retry} onRetry={reload}>
      {({ events }) =>
        events.length === 0 ? (
          <p className="text-muted">{t.historyEmpty}</p>
        ) : (
          <ol className="space-y-3" data-testid="consent-history">
            {events.map((e, i) => (
              <li key={i} className="rounded-xl border border-stone-200 p-3 text-sm">
                <p className="font-semibold">
                  {t.consentAction[e.action]}
                  {e.confirmsRequest && <span className="font-normal text-muted"> ({t.confirmsRequest})</span>}
                </p>
                <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5">
                  <dt className="text-muted">{h.at}</dt>
                  <dd>{formatDateTime(e.at)}</dd>
                  <dt className="text-muted">{h.textVersion}</dt>
                  <dd>{e.textVersion}</dd>
                  <dt className="text-muted">{h.source}</dt>
                  <dd>{t.sources[e.source] ?? e.source}</dd>
                  <dt className="text-muted">{h.client}</dt>
                  <dd className="font-mono text-xs leading-5 break-all">{e.client}</dd>
                </dl>
              </li>
            ))}
          </ol>
        )
      }
    </Loadable>
  );
}
