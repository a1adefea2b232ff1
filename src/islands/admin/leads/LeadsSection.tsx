import { Download, History, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { nb } from '#shared/copy/nb';
import { ADMIN_PAGE_SIZE } from '#shared/schemas/admin';
import { LEAD_CONSENT_STATES, type AdminLead, type AdminLeadList, type LeadConsentState } from '#shared/schemas/admin-leads';
import { SIGNUP_SOURCES } from '#shared/schemas/leads';
import { api, call } from '#browser/api';
import { formatDateTime } from '#browser/format';
import { Badge } from '../../ui/Badge';
import { Loadable, useLoad } from '../../ui/Loadable';
import { Pagination } from '../Pagination';
import { SectionHeader } from '../SectionHeader';
import { ConsentHistoryDialog } from './ConsentHistoryDialog';

const t = nb.adminLeads;
const TYPING_DELAY_MS = 300;

type Filters = { query: string; consent: LeadConsentState | ''; source: (typeof SIGNUP_SOURCES)[number] | ''; utm: string };
const NO_FILTERS: Filters = { query: '', consent: '', source: '', utm: '' };

/** The filters as query parameters, leaving out those not set (the export link and the list share them). */
const filterParams = (filters: Filters) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')) as Partial<Record<keyof Filters, string>>;

/** Leads: every sign-up with its consent, form, UTM and what it became; search, filters, CSV export, consent history. */
export default function LeadsSection() {
  const [typed, setTyped] = useState({ query: '', utm: '' });
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [history, setHistory] = useState<AdminLead | null>(null);
  const ids = { query: useId(), consent: useId(), source: useId(), utm: useId() };

  const change = (patch: Partial<Filters>) => {
    setFilters((cur) => ({ ...cur, ...patch }));
    setPage(1);
  };

  // What is typed filters once the typing pauses; the selects filter at once.
  useEffect(() => {
    const timer = setTimeout(() => {
      const next = { query: typed.query.trim(), utm: typed.utm.trim() };
      if (next.query !== filters.query || next.utm !== filters.utm) change(next);
    }, TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, filters.query, filters.utm]);

  const params = filterParams(filters);
  const { state, reload } = useLoad<AdminLeadList>(
    () =>
      call(
        api.admin.leads.$get({
          query: {
            query: filters.query,
            utm: filters.utm,
            consent: filters.consent || undefined,
            source: filters.source || undefined,
            page: String(page),
            pageSize: String(ADMIN_PAGE_SIZE),
          },
        }),
      ),
    JSON.stringify([params, page]),
    t.loadFailed,
  );
  const exportHref = `/api/admin/leads/export?${new URLSearchParams(params).toString()}`;

  return (
    <>
      <SectionHeader
        title={t.title}
        intro={t.intro}
        actions={
          <div className="flex flex-col items-start gap-1 sm:items-end">
            <a href={exportHref} download className="btn-secondary" aria-describedby="lead-export-hint">
              <Download aria-hidden="true" className="size-4" />
              {t.export}
            </a>
            <p id="lead-export-hint" className="text-xs text-muted">
              {t.exportHint}
            </p>
          </div>
        }
      />
      <form
        role="search"
        aria-label={t.filtersLabel}
        className="mb-4 grid gap-3 sm:grid-cols-2 xl:grid-cols-4"
        onSubmit={(e) => e.preventDefault()}
      >
        <div>
          <label htmlFor={ids.query} className="mb-1.5 block text-sm font-semibold">
            {t.searchLabel}
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-muted"
            />
            <input
              id={ids.query}
              type="search"
              className="input pl-11"
              placeholder={t.searchPlaceholder}
              value={typed.query}
              onChange={(e) => setTyped((cur) => ({ ...cur, query: e.target.value }))}
              autoComplete="off"
            />
          </div>
        </div>
        <div>
          <label htmlFor={ids.consent} className="mb-1.5 block text-sm font-semibold">
            {t.consentLabel}
          </label>
          <select
            id={ids.consent}
            className="input"
            value={filters.consent}
            onChange={(e) => change({ consent: e.target.value as Filters['consent'] })}
          >
            <option value="">{t.any}</option>
            {LEAD_CONSENT_STATES.map((state) => (
              <option key={state} value={state}>
                {t.consentStates[state]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.source} className="mb-1.5 block text-sm font-semibold">
            {t.sourceLabel}
          </label>
          <select
            id={ids.source}
            className="input"
            value={filters.source}
            onChange={(e) => change({ source: e.target.value as Filters['source'] })}
          >
            <option value="">{t.any}</option>
            {SIGNUP_SOURCES.map((source) => (
              <option key={source} value={source}>
                {t.sources[source]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.utm} className="mb-1.5 block text-sm font-semibold">
            {t.utmLabel}
          </label>
          <input
            id={ids.utm}
            type="search"
            className="input"
            placeholder={t.utmPlaceholder}
            value={typed.utm}
            onChange={(e) => setTyped((cur) => ({ ...cur, utm: e.target.value }))}
            autoComplete="off"
          />
        </div>
      </form>
      <Loadable load={state} loading={t.loading} retryLabel={nb.adminOverview.retry} onRetry={reload}>
        {(list) => (
          <>
            <p className="mb-3 text-sm text-muted" role="status">
              {t.count(list.total)}
            </p>
            {list.leads.length === 0 ? (
              <p className="card text-muted">{t.empty}</p>
            ) : (
              <ul className="space-y-3">
                {list.leads.map((lead) => (
                  <LeadCard key={lead.id} lead={lead} onHistory={() => setHistory(lead)} />
                ))}
              </ul>
            )}
            <Pagination list={list} onPage={setPage} />
          </>
        )}
      </Loadable>
      <ConsentHistoryDialog lead={history} onClose={() => setHistory(null)} />
    </>
  );
}

const CONSENT_TONE = { granted: 'green', withdrawn: 'purple', never: 'neutral' } as const;

function LeadCard({ lead, onHistory }: { lead: AdminLead; onHistory: () => void }) {
  const c = t.columns;
  const utm = [lead.utm.source, lead.utm.medium, lead.utm.campaign].filter(Boolean).join(' / ');
  return (
    <li className="card p-4 sm:p-5" data-testid="lead-row">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-semibold">{lead.email}</p>
          <p className="mt-1 flex flex-wrap gap-2">
            <Badge tone={CONSENT_TONE[lead.consentMarketing]}>{t.consentStates[lead.consentMarketing]}</Badge>
            {lead.userId && <Badge>{c.user}</Badge>}
            {lead.isPremium && <Badge tone="brand">{c.premium}</Badge>}
          </p>
        </div>
        <button type="button" className="btn-secondary" onClick={onHistory}>
          <History aria-hidden="true" className="size-4" />
          {t.history}
          <span className="sr-only"> {lead.email}</span>
        </button>
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2 xl:grid-cols-4">
        <div>
          <dt className="text-muted">{c.source}</dt>
          <dd>{t.sources[lead.source] ?? lead.source}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-muted">{c.utm}</dt>
          <dd className="break-words">{utm || t.noUtm}</dd>
        </div>
        <div>
          <dt className="text-muted">{c.createdAt}</dt>
          <dd>{formatDateTime(lead.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-muted">{c.lastActivityAt}</dt>
          <dd>{lead.lastActivityAt ? formatDateTime(lead.lastActivityAt) : t.neverActive}</dd>
        </div>
      </dl>
    </li>
  );
}
