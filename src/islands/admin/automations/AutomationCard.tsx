import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { CANCELLATION_REASONS } from '#db/schema/enums';
import { adminAutomations, cancellationReasonLabels } from '#shared/copy/admin/automations';
import type { Automation } from '#shared/schemas/admin/automations';
import { toastFailure } from '#browser/failure';
import { formatDateTime } from '#browser/format';
import { toast } from '#browser/stores/toast';
import { Switch } from '../../ui/Switch';
import { mailsOf, saveAutomation } from './save';

const t = adminAutomations;

/** One automation: what it does, its switch (saved at once), its mails and what they reached; the cancellation's answers. */
export function AutomationCard({
  automation,
  onEdit,
  onChanged,
}: {
  automation: Automation;
  onEdit: () => void;
  onChanged: () => void;
}) {
  const name = t.names[automation.kind];
  const [busy, setBusy] = useState(false);

  async function toggle(enabled: boolean) {
    setBusy(true);
    try {
      await saveAutomation(automation.kind, { enabled, mails: mailsOf(automation) });
      toast({ title: enabled ? t.switchedOn(name) : t.switchedOff(name) });
      onChanged();
    } catch (err) {
      toastFailure(err, { title: t.errorTitle, message: t.failed });
    } finally {
      setBusy(false);
    }
  }

  const answers = CANCELLATION_REASONS.filter((r) => automation.reasons[r]);
  return (
    <li className="card flex flex-col gap-4" data-testid={`automation-${automation.kind}`}>
      <Switch
        label={<span className="text-lg font-bold">{name}</span>}
        hint={t.descriptions[automation.kind]}
        checked={automation.enabled}
        disabled={busy}
        onChange={(on) => void toggle(on)}
      />
      <p className="text-sm text-muted">
        {automation.enabled && automation.enabledAt ? `${t.enabledSince(formatDateTime(automation.enabledAt))} · ` : ''}
        {t.mailCount(automation.mails.length)}
      </p>
      <ol className="space-y-1 text-sm">
        {automation.mails.map((mail) => (
          <li key={mail.id} className="flex flex-wrap justify-between gap-x-4">
            <span className="font-medium break-words">{mail.subject}</span>
            <span className="text-muted">{t.sent(mail.sent)}</span>
          </li>
        ))}
      </ol>
      {automation.kind === 'cancellation' && (
        <section aria-label={t.reasonsHeading} className="text-sm">
          <h3 className="font-semibold">{t.reasonsHeading}</h3>
          {answers.length === 0 ? (
            <p className="text-muted">{t.noReasons}</p>
          ) : (
            <ul>
              {answers.map((r) => (
                <li key={r}>
                  {cancellationReasonLabels[r]}: {automation.reasons[r]}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <div>
        <button type="button" className="btn-secondary" onClick={onEdit}>
          <Pencil aria-hidden="true" className="size-4" />
          {t.edit}
          <span className="sr-only"> «{name}»</span>
        </button>
      </div>
    </li>
  );
}
