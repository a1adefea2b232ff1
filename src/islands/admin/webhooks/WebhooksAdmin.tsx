import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { WEBHOOK_EVENTS } from '#db/schema/enums';
import { adminWebhooks } from '#shared/copy/admin/webhooks';
import type { Webhook, WebhookCreated, WebhookDelivery, WebhookEvent, WebhookList } from '#shared/schemas/admin/webhooks';
import { api, call, errorMessage } from '#browser/api';
import { toast } from '#browser/stores/toast';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FormError } from '../../ui/FormError';
import { Loadable, useLoad } from '../../ui/Loadable';
import { TextField } from '../../ui/TextField';
import AdminFrame from '../AdminFrame';
import { SectionHeader } from '../SectionHeader';

const t = adminWebhooks;
const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('nb-NO', { dateStyle: 'short', timeStyle: 'short' }) : '–';

/** /admin/webhooks ('Webhooks') inside the admin frame, which turns non-admins away. */
export default function WebhooksAdmin() {
  const { state, reload } = useLoad<WebhookList>(() => call(api.admin.webhooks.$get()), 'webhooks', t.loadFailed);
  const [created, setCreated] = useState<WebhookCreated['webhook'] | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);

  async function remove(webhook: Webhook) {
    const res = await api.admin.webhooks[':id'].$delete({ param: { id: webhook.id } });
    // A 204 has no body for call() to read; a refusal goes through it for the server's Norwegian reason.
    if (!res.ok) await call(Promise.resolve(res));
    toast({ title: t.deleted, description: webhook.url });
    reload();
  }

  return (
    <AdminFrame active="webhooks">
      <SectionHeader title={t.title} intro={t.intro} />
      <div className="max-w-4xl space-y-10">
        {created ? (
          <SecretOnce webhook={created} onDone={() => setCreated(null)} />
        ) : (
          <RegisterForm
            onCreated={(w) => {
              setCreated(w);
              reload();
            }}
          />
        )}
        <section aria-labelledby="webhook-list" className="space-y-4">
          <h2 id="webhook-list" className="text-xl font-bold">
            {t.listTitle}
          </h2>
          <Loadable load={state} loading={t.loading} retryLabel={t.retry} onRetry={reload}>
            {({ webhooks }) =>
              webhooks.length === 0 ? (
                <p className="text-muted">{t.empty}</p>
              ) : (
                <ul className="space-y-4">
                  {webhooks.map((w) => (
                    <Endpoint key={w.id} webhook={w} onChanged={reload} onDelete={() => setDeleting(w)} />
                  ))}
                </ul>
              )
            }
          </Loadable>
        </section>
      </div>
      <ConfirmDialog
        subject={deleting}
        title={t.deleteTitle}
        message={(w) => t.deleteConfirm(w.url)}
        confirmLabel={t.delete}
        busyLabel={t.deleting}
        destructive
        failed={{ title: t.errorTitle, message: t.deleteFailed }}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </AdminFrame>
  );
}

function RegisterForm({ onCreated }: { onCreated: (w: WebhookCreated['webhook']) => void }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function register(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { webhook } = await call(api.admin.webhooks.$post({ json: { url: url.trim(), events } }));
      setUrl('');
      setEvents([]);
      onCreated(webhook);
    } catch (err) {
      setError(errorMessage(err, t.loadFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={register} noValidate aria-labelledby="webhook-register" className="card space-y-5 p-5">
      <h2 id="webhook-register" className="text-xl font-bold">
        {t.registerTitle}
      </h2>
      <TextField label={t.url} hint={t.urlHint} type="url" inputMode="url" value={url} onChange={setUrl} placeholder="https://" />
      <EventBoxes legend={t.eventsLegend} value={events} onChange={setEvents} />
      <FormError>{error}</FormError>
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? t.registering : t.register}
      </button>
    </form>
  );
}

function EventBoxes({
  legend,
  value,
  onChange,
}: {
  legend: string;
  value: WebhookEvent[];
  onChange: (v: WebhookEvent[]) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 font-semibold">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className="flex min-h-11 items-center gap-3">
            <input
              type="checkbox"
              className="size-5"
              checked={value.includes(event)}
              onChange={(e) => onChange(e.target.checked ? [...value, event] : value.filter((v) => v !== event))}
            />
            <span>
              {t.events[event]} <code className="text-muted text-sm">{event}</code>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The new endpoint's secret, this one time, with a copy button. */
function SecretOnce({ webhook, onDone }: { webhook: WebhookCreated['webhook']; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <section aria-labelledby="webhook-secret" className="card space-y-4 p-5" role="status">
      <h2 id="webhook-secret" className="text-xl font-bold">
        {t.secretTitle}
      </h2>
      <p>{t.secretIntro}</p>
      <p className="break-all">
        <code data-testid="webhook-secret" className="bg-surface-muted rounded px-2 py-1">
          {webhook.secret}
        </code>
      </p>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-secondary"
          onClick={() =>
            void navigator.clipboard.writeText(webhook.secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? t.copied : t.copy}
        </button>
        <button type="button" className="btn-primary" onClick={onDone}>
          {t.secretDone}
        </button>
      </div>
    </section>
  );
}

function Endpoint({ webhook, onChanged, onDelete }: { webhook: Webhook; onChanged: () => void; onDelete: () => void }) {
  const [open, setOpen] = useState(false);
  async function toggle() {
    try {
      await call(api.admin.webhooks[':id'].$patch({ param: { id: webhook.id }, json: { enabled: !webhook.enabled } }));
      onChanged();
    } catch (err) {
      toast({ title: errorMessage(err, t.saveFailed) });
    }
  }
  return (
    <li className="card space-y-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold break-all">{webhook.url}</p>
          <p className="text-muted text-sm">
            {webhook.enabled ? t.enabled : t.disabled} · {webhook.events.map((e) => t.events[e]).join(', ')}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-secondary" onClick={() => void toggle()}>
            {webhook.enabled ? t.turnOff : t.turnOn}
          </button>
          <button type="button" className="btn-secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? t.hideDeliveries : t.deliveries}
          </button>
          <button type="button" className="btn-secondary text-red-700" onClick={onDelete}>
            <Trash2 className="size-4" aria-hidden="true" /> {t.delete}
          </button>
        </div>
      </div>
      {open && <Deliveries endpointId={webhook.id} />}
    </li>
  );
}

function Deliveries({ endpointId }: { endpointId: string }) {
  const { state, reload } = useLoad(
    () => call(api.admin.webhooks[':id'].deliveries.$get({ param: { id: endpointId } })),
    `deliveries-${endpointId}`,
    t.deliveriesFailed,
  );
  async function resend(d: WebhookDelivery) {
    try {
      await call(
        api.admin.webhooks[':id'].deliveries[':deliveryId'].resend.$post({ param: { id: endpointId, deliveryId: d.id } }),
      );
      toast({ title: t.resent });
      reload();
    } catch (err) {
      toast({ title: errorMessage(err, t.resendFailed) });
    }
  }
  return (
    <Loadable load={state} loading={t.loading} retryLabel={t.retry} onRetry={reload}>
      {({ deliveries }) =>
        deliveries.length === 0 ? (
          <p className="text-muted">{t.deliveriesEmpty}</p>
        ) : (
          <ul className="divide-border divide-y" aria-label={t.deliveries}>
            {deliveries.map((d) => (
              <li key={d.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                <dl className="grid min-w-0 grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-muted">{t.columns.event}</dt>
                  <dd>{t.events[d.event]}</dd>
                  <dt className="text-muted">{t.columns.created}</dt>
                  <dd>{when(d.createdAt)}</dd>
                  <dt className="text-muted">{t.columns.status}</dt>
                  <dd>{t.statuses[d.status]}</dd>
                  <dt className="text-muted">{t.columns.attempts}</dt>
                  <dd>{d.attempts}</dd>
                  <dt className="text-muted">{t.columns.response}</dt>
                  <dd className="break-all">
                    {d.lastStatus ?? t.noAnswer}
                    {d.lastResponse ? ` – ${d.lastResponse}` : ''}
                  </dd>
                  {d.nextAttemptAt && (
                    <>
                      <dt className="text-muted">{t.columns.next}</dt>
                      <dd>{when(d.nextAttemptAt)}</dd>
                    </>
                  )}
                </dl>
                <button type="button" className="btn-secondary" onClick={() => void resend(d)}>
                  {t.resend}
                </button>
              </li>
            ))}
          </ul>
        )
      }
    </Loadable>
  );
}
