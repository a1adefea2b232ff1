import { useEffect, useRef, useState, type FormEvent } from 'react';
import { leadForm as t } from '#shared/copy/leads';
import type { LeadRequest, LeadResponse } from '#shared/schemas/leads';
import type { LeadField } from '#shared/schemas/leads/form';
import { PATHS } from '#shared/paths';
import { call, errorMessage } from '#browser/call';
import { toast } from '#browser/stores/toast';

type Errors = Partial<Record<LeadField, string>>;

/** UTM parameters of the page the visitor landed on. */
function utmFromUrl(): NonNullable<LeadRequest['utm']> {
  const q = new URLSearchParams(window.location.search);
  const get = (k: string) => q.get(`utm_${k}`)?.slice(0, 100) || undefined;
  return { source: get('source'), medium: get('medium'), campaign: get('campaign') };
}

/** Sends the sign-up. A plain fetch: the typed API client would cost the landing 3 KB more. */
function postLead(lead: LeadRequest) {
  return call<LeadResponse>(
    fetch('/api/lead', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(lead),
      credentials: 'same-origin',
    }),
  );
}

/**
 * The form's rules (the server's own schema, with zod), fetched when the visitor first reaches
 * into the form rather than with the page: most visitors read without signing up.
 */
const importRules = () => import('#shared/schemas/leads/form');
let rules: ReturnType<typeof importRules> | undefined;
const loadRules = () => (rules ??= importRules());

/**
 * The landing's sign-up form. The server HTML is a plain form that posts to /api/lead and works
 * without JavaScript; hydrated, it validates with the server's own schema, sends JSON and
 * thanks the visitor in the form itself, moving focus to that message (a screen reader reads it,
 * and the keyboard stays where the visitor is); a failure is a toast. The inputs are uncontrolled: what a visitor typed before hydration
 * stays, and the values are read from the form at submit.
 */
export default function LeadForm() {
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  /** How many sign-ups this form has thanked for: each one moves focus to the thanks again. */
  const [thanked, setThanked] = useState(0);
  const email = useRef<HTMLInputElement>(null);
  const terms = useRef<HTMLInputElement>(null);
  const thanks = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (thanked > 0) thanks.current?.focus();
  }, [thanked]);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (submitting) return;
    const form = e.currentTarget;
    const data = new FormData(form);
    const { leadFieldsSchema, leadFromForm } = await loadRules();
    const parsed = leadFieldsSchema.safeParse(leadFromForm((name) => data.get(name)));
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as LeadField] ??= issue.message;
      setErrors(found);
      (found.email ? email : terms).current?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await postLead({
        ...parsed.data,
        source: 'landing_page',
        sendMagicLink: true,
        utm: utmFromUrl(),
      });
      form.reset();
      setThanked((n) => n + 1);
    } catch (err) {
      toast({ title: t.errorTitle, description: errorMessage(err, t.errorFallback), variant: 'destructive' });
    } finally {
      setSubmitting(false);
    }
  }

  const invalid = (field: LeadField, id: string) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': id } : {});

  return (
    <form
      id="lead-form"
      method="post"
      action="/api/lead"
      noValidate
      onSubmit={submit}
      onFocus={() => void loadRules()}
      onPointerEnter={() => void loadRules()}
      className="space-y-4"
    >
      <div role="status" data-testid="lead-thanks" className="empty:hidden">
        {thanked > 0 && (
          <div className="rounded-xl border border-green-200 bg-green-50 p-4 text-green-900">
            <h3 ref={thanks} tabIndex={-1} className="font-bold outline-none">
              {t.successTitle}
            </h3>
            <p className="mt-1 text-sm">{t.successText}</p>
          </div>
        )}
      </div>
      <div>
        <label htmlFor="lead-email" className="mb-1.5 block text-sm font-semibold">
          {t.emailLabel}
        </label>
        <input
          ref={email}
          id="lead-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          placeholder={t.emailPlaceholder}
          className="input"
          {...invalid('email', 'lead-email-error')}
        />
        <p id="lead-email-error" className="mt-1.5 text-sm font-medium text-red-700" hidden={!errors.email}>
          {errors.email}
        </p>
      </div>
      <div>
        <div className="flex items-start gap-3">
          <input
            ref={terms}
            id="lead-terms"
            name="acceptTerms"
            type="checkbox"
            value="true"
            required
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
            {...invalid('acceptTerms', 'lead-terms-error')}
          />
          <label htmlFor="lead-terms" className="text-sm text-muted">
            {t.terms.before}
            <a href={PATHS.terms} className="underline underline-offset-2">
              {t.terms.termsLink}
            </a>
            {t.terms.middle}
            <a href={PATHS.privacy} className="underline underline-offset-2">
              {t.terms.privacyLink}
            </a>
            {t.terms.after}
          </label>
        </div>
        <p id="lead-terms-error" className="mt-1.5 text-sm font-medium text-red-700" hidden={!errors.acceptTerms}>
          {errors.acceptTerms}
        </p>
      </div>
      <div className="flex items-start gap-3">
        <input
          id="lead-consent"
          name="consentMarketing"
          type="checkbox"
          value="true"
          aria-describedby="lead-consent-hint"
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
        />
        <div className="text-sm text-muted">
          <label htmlFor="lead-consent">{t.consent}</label>
          <p id="lead-consent-hint" className="mt-1 text-xs">
            {t.consentHint}
          </p>
        </div>
      </div>
      <button type="submit" className="btn-primary w-full text-lg" disabled={submitting}>
        {submitting ? t.submitting : t.submit}
      </button>
      <p className="text-center text-xs text-muted">{t.privacyNote}</p>
    </form>
  );
}
