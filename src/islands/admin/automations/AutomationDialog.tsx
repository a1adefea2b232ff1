import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { adminAutomations, reasonLinksMarkdown } from '#shared/copy/admin/automations';
import { PATHS } from '#shared/paths';
import { automationInputSchema, type Automation } from '#shared/schemas/admin/automations';
import { check, numberOrEmpty } from '#browser/forms';
import { toast } from '#browser/stores/toast';
import { FormDialog, useFormSubmit } from '../../ui/FormDialog';
import { IconButton } from '../../ui/IconButton';
import { TextField, WHOLE_NUMBER } from '../../ui/TextField';
import { MailPreview } from '../welcome/MailPreview';
import { saveAutomation } from './save';

const t = adminAutomations;

type Draft = { id?: string; delay: string; subject: string; markdown: string };

/**
 * Edits an automation's mails, each with its preview as it is typed: the onboarding series takes
 * 1–10 mails with their delays; the others one mail, sent at once (the cancellation mail gets its
 * reason links under the text, shown in the preview). Saving keeps the switch as it is.
 */
export function AutomationDialog({
  automation,
  onClose,
  onSaved,
}: {
  automation: Automation;
  onClose: () => void;
  onSaved: () => void;
}) {
  const series = automation.kind === 'onboarding';
  const name = t.names[automation.kind];
  const [mails, setMails] = useState<Draft[]>(
    automation.mails.map((m) => ({ id: m.id, delay: String(m.delayDays), subject: m.subject, markdown: m.markdown })),
  );
  const save = useFormSubmit();
  const change = (i: number, patch: Partial<Draft>) => setMails((all) => all.map((m, k) => (k === i ? { ...m, ...patch } : m)));

  function submit() {
    const checked = check(automationInputSchema, {
      enabled: automation.enabled,
      mails: mails.map(({ id, delay, subject, markdown }) => ({ id, delayDays: numberOrEmpty(delay, null), subject, markdown })),
    });
    void save.submit(checked.errors ?? saveAutomation(automation.kind, checked.data), {
      failed: { title: t.errorTitle, message: t.failed },
      onSaved: () => {
        toast({ title: t.saved, description: name });
        onSaved();
      },
    });
  }

  return (
    <FormDialog title={t.editTitle(name)} saveLabel={t.save} save={save} onSubmit={submit} onClose={onClose}>
      {mails.map((mail, i) => (
        <fieldset
          key={mail.id ?? `new-${i}`}
          className="flex flex-col gap-4 border-t border-stone-200 pt-4 first:border-0 first:pt-0"
        >
          <div className="flex items-center justify-between gap-2">
            <legend className="font-bold">{t.mailHeading(i + 1)}</legend>
            {series && mails.length > 1 && (
              <IconButton
                label={t.removeMail(i + 1)}
                icon={Trash2}
                danger
                onClick={() => setMails((all) => all.filter((_, k) => k !== i))}
              />
            )}
          </div>
          {series && (
            <TextField
              label={t.delayDays}
              hint={t.delayHint}
              value={mail.delay}
              onChange={(delay) => change(i, { delay })}
              error={save.errors?.[`mails.${i}.delayDays`]}
              min={0}
              max={365}
              {...WHOLE_NUMBER}
            />
          )}
          <TextField
            label={t.subjectLabel}
            value={mail.subject}
            onChange={(subject) => change(i, { subject })}
            error={save.errors?.[`mails.${i}.subject`]}
            maxLength={150}
          />
          <TextField
            label={t.markdownLabel}
            hint={automation.kind === 'cancellation' ? t.reasonLinksNote : t.markdownHint}
            value={mail.markdown}
            onChange={(markdown) => change(i, { markdown })}
            error={save.errors?.[`mails.${i}.markdown`]}
            multiline
            rows={8}
          />
          <MailPreview
            subject={mail.subject}
            markdown={
              automation.kind === 'cancellation'
                ? `${mail.markdown}\n\n${reasonLinksMarkdown(PATHS.cancellationReason, 'eksempel')}`
                : mail.markdown
            }
          />
        </fieldset>
      ))}
      {series && mails.length < 10 && (
        <button
          type="button"
          className="btn-secondary self-start"
          onClick={() =>
            setMails((all) => [...all, { delay: String(Number(all.at(-1)?.delay ?? 0) + 2), subject: '', markdown: '' }])
          }
        >
          <Plus aria-hidden="true" className="size-4" />
          {t.addMail}
        </button>
      )}
    </FormDialog>
  );
}
