import { Download, History } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ADMIN_PAGE_SIZE } from '#shared/schemas/admin/users';
import {
  LEAD_CONSENT_STATES,
  LEAD_EXPORT_PART_ROWS,
  type AdminLead,
  type AdminLeadList,
  type LeadConsentState,
} from '#shared/schemas/admin/leads';
import { SIGNUP_SOURCES } from '#shared/schemas/leads';
import { searchable } from '#shared/schemas/admin/search-term';
import type { CsvFormat } from '#shared/csv';
import { api, call } from '#browser/api';
import { formatDateTime } from '#browser/format';
import { Badge } from '../../ui/Badge';
import { Loadable, useLoad } from '../../ui/Loadable';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { PagedList } from '../PagedList';
import { CsvFormatSelect } from '../CsvFormatSelect';
import { SectionHeader } from '../SectionHeader';
import { ConsentHistoryDialog } from './ConsentHistoryDialog';
import { adminLeads } from '#shared/copy/admin/leads';
import { adminOverview } from '#shared/copy/admin/dashboard';

const t = adminLeads;
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
  const [format, setFormat] = useState<CsvFormat>('excel');

  const change = (patch: Partial<Filters>) => {
    setFilters((cur) => ({ ...cur, ...patch }));
    setPage(1);
  };

  // What is typed filters once the typing pauses; the selects filter at once.
  useEffect(() => {
    const timer = setTimeout(() => {
      // A search waits for its third character (a hint says so); the list keeps the last search meanwhile.
      const query = typed.query.trim();
      const next = { query: searchable(query) ? query : filters.query, utm: typed.utm.trim() };
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
  const exportHref = (part: number) =>
    `/api/admin/leads/export?${new URLSearchParams({ ...params, part: String(part), format }).toString()}`;
  // A file holds LEAD_EXPORT_PART_ROWS leads: a longer list is offered in parts, newest first.
  const parts = state.status === 'ready' ? Math.max(1, Math.ceil(state.data.total / LEAD_EXPORT_PART_ROWS)) : 1;

  return (
    <>
      <SectionHeader title={t.title} intro={t.intro} />
      <form
        role="search"
        aria-label={t.filtersLabel}
        className="mb-4 grid gap-3 sm:grid-cols-2 xl:grid-cols-4"
        onSubmit={(e) => e.preventDefault()}
      >
        <TextField
          label={t.searchLabel}
          type="search"
          placeholder={t.searchPlaceholder}
          autoComplete="off"
          value={typed.query}
          onChange={(query) => setTyped((cur) => ({ ...cur, query }))}
          hint={searchable(typed.query.trim()) ? undefined : t.searchHint}
        />
        <SelectField
          label={t.consentLabel}
          value={filters.consent}
          options={['', ...LEAD_CONSENT_STATES] as const}
          optionLabel={(state) => (state ? t.consentStates[state] : t.any)}
          onChange={(consent) => change({ consent })}
        />
        <SelectField
          label={t.sourceLabel}
          value={filters.source}
          options={['', ...SIGNUP_SOURCES] as const}
          optionLabel={(source) => (source ? t.sources[source]! : t.any)}
          onChange={(source) => change({ source })}
        />
        <TextField
          label={t.utmLabel}
          type="search"
          placeholder={t.utmPlaceholder}
          autoComplete="off"
          value={typed.utm}
          onChange={(utm) => setTyped((cur) => ({ ...cur, utm }))}
        />
      </form>
      <div className="mb-6 flex flex-wrap items-end gap-x-4 gap-y-2">
        <div className="w-full sm:w-80">
          <CsvFormatSelect value={format} onChange={setFormat} />
        </div>
        <div className="flex flex-col items-start gap-1">
          <a href={exportHref(1)} download className="btn-secondary" aria-describedby="lead-export-hint">
            <Download aria-hidden="true" className="size-4" />
            {t.export}
            {parts > 1 && <span> ({t.exportPart(1, parts)})</span>}
          </a>
          {parts > 1 && (
            <ul className="flex flex-wrap gap-x-3 text-sm">
              {Array.from({ length: parts - 1 }, (_, i) => i + 2).map((part) => (
                <li key={part}>
                  <a href={exportHref(part)} download className="underline underline-offset-2">
                    {t.exportPart(part, parts)}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <p id="lead-export-hint" className="w-full text-xs text-muted">
          {t.exportHint(LEAD_EXPORT_PART_ROWS)}
        </p>
      </div>
      <Loadable load={state} loading={t.loading} retryLabel={adminOverview.retry} onRetry={reload}>
        {(list) => (
          <PagedList list={list} items={list.leads} count={t.count(list.total)} empty={t.empty} onPage={setPage}>
            {(lead) => <LeadCard key={lead.id} lead={lead} onHistory={() => setHistory(lead)} />}
          </PagedList>
        )}
      </Loadable>
      <ConsentHistoryDialog lead={history} onClose={() => setHistory(null)} />
    </>
  );
}

const CONSENT_TONE = { granted: 'green', pending: 'amber', withdrawn: 'purple', never: 'neutral' } as const;

function LeadCard({ lead, onHistory }: { lead: AdminLead; onHistory: () => void }) {
  const c = t.columns;
  const utm = [lead.utm.source, lead.utm.medium, lead.utm.campaign].filter(Boolean).join(' / ');
  return (
    <li className="card p-4 sm:p-5" data-testid="lead-row">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold break-all">{lead.email}</p>
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
