import { useState } from 'react';
import { welcomeStepInputSchema, welcomeTestSchema, type WelcomeStep } from '#shared/schemas/admin/welcome';
import { api, call, errorMessage } from '#browser/api';
import { check, numberOrEmpty } from '#browser/forms';
import { toast } from '#browser/stores/toast';
import { BusyButton } from '../../ui/BusyButton';
import { FormDialog, useFormSubmit } from '../../ui/FormDialog';
import { TextField, WHOLE_NUMBER } from '../../ui/TextField';
import { MailPreview } from './MailPreview';
import { adminWelcome } from '#shared/copy/admin/welcome';

const t = adminWelcome;

/** Adds a step (`step` null) or edits one: delay, subject and Markdown, with the mail's preview as it is typed. */
export function StepDialog({ step, onClose, onSaved }: { step: WelcomeStep | null; onClose: () => void; onSaved: () => void }) {
  const [delay, setDelay] = useState(String(step?.delayDays ?? 0));
  const [subject, setSubject] = useState(step?.subject ?? '');
  const [markdown, setMarkdown] = useState(step?.markdown ?? '');
  const save = useFormSubmit();
  const [testing, setTesting] = useState(false);

  /** The mail as it stands, saved or not, to the admin's own inbox; a missing field is shown as on save. */
  async function sendTest() {
    const checked = check(welcomeTestSchema, { subject, markdown });
    // Field errors only (nothing is sent): the dialog shows them and focuses the first, as on save.
    if (checked.errors)
      return void save.submit(checked.errors, { onSaved: () => {}, failed: { title: t.errorTitle, message: t.testFailed } });
    setTesting(true);
    try {
      const { email } = await call(api.admin['welcome-series'].test.$post({ json: checked.data }));
      toast({ title: t.testSent(email) });
    } catch (err) {
      toast({ title: t.errorTitle, description: errorMessage(err, t.testFailed), variant: 'destructive' });
    } finally {
      setTesting(false);
    }
  }

  function submit() {
    const checked = check(welcomeStepInputSchema, { delayDays: numberOrEmpty(delay, null), subject, markdown });
    const sent =
      checked.errors ??
      (step
        ? call(api.admin['welcome-series'][':id'].$put({ param: { id: step.id }, json: checked.data }))
        : call(api.admin['welcome-series'].$post({ json: checked.data })));
    void save.submit(sent, {
      failed: { title: t.errorTitle, message: t.failed },
      onSaved: () => {
        toast({ title: step ? t.saved : t.added, description: subject });
        onSaved();
      },
    });
  }

  return (
    <FormDialog title={step ? t.editTitle : t.addTitle} saveLabel={t.save} save={save} onSubmit={submit} onClose={onClose}>
      <TextField
        label={t.fields.delayDays}
        hint={t.fields.delayHint}
        value={delay}
        onChange={setDelay}
        error={save.errors?.delayDays}
        min={0}
        max={365}
        {...WHOLE_NUMBER}
      />
      <TextField label={t.fields.subject} value={subject} onChange={setSubject} error={save.errors?.subject} maxLength={150} />
      <TextField
        label={t.fields.markdown}
        hint={t.fields.markdownHint}
        value={markdown}
        onChange={setMarkdown}
        error={save.errors?.markdown}
        multiline
        rows={10}
      />
      <MailPreview subject={subject} markdown={markdown} />
      <BusyButton className="btn-secondary self-start" busy={testing} busyLabel={t.testSending} onClick={() => void sendTest()}>
        {t.testSend}
      </BusyButton>
    </FormDialog>
  );
}
