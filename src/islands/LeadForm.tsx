import { useEffect, useState, type FormEvent } from 'react';
import { leadForm as t } from '../shared/landing';
import { nb } from '../shared/nb';
import { leadFieldsSchema } from '../shared/schemas/lead';
import { trackEvent } from './analytics';
import { api, call, errorMessage } from './api';
import { toast } from './stores/toast';

type Errors = { email?: string; consentMarketing?: string };

/** UTM parameters of the page the visitor landed on. */
function utmFromUrl() {
  const q = new URLSearchParams(window.location.search);
  const get = (k: string) => q.get(`utm_${k}`)?.slice(0, 100) || undefined;
  return { source: get('source'), medium: get('medium'), campaign: get('campaign') };
}

/**
 * The sign-up form. Rendered on the server as a plain form that posts to /api/lead, so it
 * works without JavaScript; once hydrated it validates with the shared schema and sends JSON.
 */
export default function LeadForm() {
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.get('confirmed') === 'true') {
      toast({ title: t.confirmedTitle, description: t.confirmedText });
      url.searchParams.delete('confirmed');
      window.history.replaceState(null, '', url.pathname + url.search + url.hash);
    }
  }, []);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (submitting) return;
    const form = e.currentTarget;
    // Read from the form itself: input made before hydration is in the DOM, not in React state.
    const data = new FormData(form);
    const parsed = leadFieldsSchema.safeParse({
      email: String(data.get('email') ?? ''),
      consentMarketing: data.get('consentMarketing') === 'true',
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors;
        next[field] ??= issue.message;
      }
      setErrors(next);
      const first = next.email ? 'lead-email' : 'lead-consent';
      document.getElementById(first)?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const { leadId } = await call(
        api.lead.$post({
          json: {
            ...parsed.data,
            firstName: '',
            source: 'landing_page',
            sendMagicLink: true,
            utm: utmFromUrl(),
          },
        }),
      );
      trackEvent({ eventName: 'lead_submit', leadId });
      toast({ title: t.successTitle, description: t.successText });
      form.reset();
    } catch (err) {
      toast({ title: t.errorTitle, description: errorMessage(err, t.errorFallback), variant: 'destructive' });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form id="lead-form" method="post" action="/api/lead" noValidate onSubmit={submit} className="space-y-4">
      <div>
        <label htmlFor="lead-email" className="mb-1.5 block text-sm font-semibold">
          {t.emailLabel}
        </label>
        <input
          id="lead-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          placeholder={t.emailPlaceholder}
          className="input"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'lead-email-error' : undefined}
        />
        {errors.email && (
          <p id="lead-email-error" className="mt-1.5 text-sm font-medium text-red-700">
            {errors.email}
          </p>
        )}
      </div>
      <div>
        <div className="flex items-start gap-3">
          <input
            id="lead-consent"
            name="consentMarketing"
            type="checkbox"
            value="true"
            required
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
            aria-invalid={errors.consentMarketing ? true : undefined}
            aria-describedby={errors.consentMarketing ? 'lead-consent-error' : undefined}
          />
          <label htmlFor="lead-consent" className="text-sm text-muted">
            {nb.consent.text}
          </label>
        </div>
        {errors.consentMarketing && (
          <p id="lead-consent-error" className="mt-1.5 text-sm font-medium text-red-700">
            {errors.consentMarketing}
          </p>
        )}
      </div>
      <button type="submit" className="btn-primary w-full text-lg" disabled={submitting}>
        {submitting ? t.submitting : t.submit}
      </button>
      <p className="text-center text-xs text-muted">
        {t.privacyNote}{' '}
        <a href="/personvern" className="underline underline-offset-2">
          {t.privacyLink}
        </a>
        .
      </p>
    </form>
  );
}
