import { leadForm as t } from '#shared/copy/landing';
import { leadFieldsSchema } from '#shared/schemas/leads';
import { trackEvent } from '#browser/analytics';
import { api, call, errorMessage } from '#browser/api';
import { toast } from '#browser/stores/toast';

type Field = 'email' | 'consentMarketing';
const INPUT_ID: Record<Field, string> = { email: 'lead-email', consentMarketing: 'lead-consent' };

/** UTM parameters of the page the visitor landed on. */
function utmFromUrl() {
  const q = new URLSearchParams(window.location.search);
  const get = (k: string) => q.get(`utm_${k}`)?.slice(0, 100) || undefined;
  return { source: get('source'), medium: get('medium'), campaign: get('campaign') };
}

function showErrors(form: HTMLFormElement, errors: Partial<Record<Field, string>>) {
  for (const field of Object.keys(INPUT_ID) as Field[]) {
    const input = form.querySelector<HTMLInputElement>(`#${INPUT_ID[field]}`)!;
    const note = form.querySelector<HTMLElement>(`[data-error-for=${field}]`)!;
    const message = errors[field];
    note.textContent = message ?? '';
    note.hidden = !message;
    if (message) {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', note.id);
    } else {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    }
  }
}

/**
 * Takes over the lead form's submit: validates with the shared schema, sends JSON, and
 * answers with a toast — the page stays where it is. Without this script the form still posts.
 */
export function enhanceLeadForm(form: HTMLFormElement) {
  const button = form.querySelector<HTMLButtonElement>('button[type=submit]')!;
  const idleText = button.textContent ?? '';
  let submitting = false;

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (submitting) return;
    const data = new FormData(form);
    const parsed = leadFieldsSchema.safeParse({
      email: String(data.get('email') ?? ''),
      consentMarketing: data.get('consentMarketing') === 'true',
    });
    if (!parsed.success) {
      const errors: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) errors[issue.path[0] as Field] ??= issue.message;
      showErrors(form, errors);
      document.getElementById(errors.email ? INPUT_ID.email : INPUT_ID.consentMarketing)?.focus();
      return;
    }
    showErrors(form, {});
    submitting = true;
    button.disabled = true;
    button.textContent = button.dataset.submittingText ?? idleText;
    try {
      const { leadId } = await call(
        api.lead.$post({
          json: { ...parsed.data, firstName: '', source: 'landing_page', sendMagicLink: true, utm: utmFromUrl() },
        }),
      );
      trackEvent({ eventName: 'lead_submit', leadId });
      toast({ title: t.successTitle, description: t.successText });
      form.reset();
    } catch (err) {
      toast({ title: t.errorTitle, description: errorMessage(err, t.errorFallback), variant: 'destructive' });
    } finally {
      submitting = false;
      button.disabled = false;
      button.textContent = idleText;
    }
  });
}
