import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { PLANS, PRICES_NOK, type Plan } from '#shared/constants';
import { adminSettings } from '#shared/copy/admin/settings';
import { premium } from '#shared/copy/premium';
import { siteSettingsSchema, type SiteSettingsResponse } from '#shared/schemas/admin/settings';
import { api, call } from '#browser/api';
import { check, focusFirstInvalid, numberOrEmpty } from '#browser/forms';
import { toast } from '#browser/stores/toast';
import { FormError } from '../../ui/FormError';
import { Loadable, useLoad } from '../../ui/Loadable';
import { SelectField } from '../../ui/SelectField';
import { Switch } from '../../ui/Switch';
import { TextField, WHOLE_NUMBER } from '../../ui/TextField';
import { useForm } from '../../ui/useForm';
import AdminFrame from '../AdminFrame';
import { SectionHeader } from '../SectionHeader';

const t = adminSettings;

/** /admin/innstillinger ('Innstillinger') inside the admin frame, which turns non-admins away. */
export default function SettingsAdmin() {
  return (
    <AdminFrame active="settings">
      <SectionHeader title={t.title} intro={t.intro} />
      <Settings />
    </AdminFrame>
  );
}

function Settings() {
  const { state, reload } = useLoad<SiteSettingsResponse>(() => call(api.admin.settings.$get()), 'settings', t.loadFailed);
  return (
    <Loadable load={state} loading={t.loading} retryLabel={t.retry} onRetry={reload}>
      {(settings) => <SettingsForm initial={settings} />}
    </Loadable>
  );
}

/** The form's values: the offer's numbers as typed text, its switch, the founder's fields. */
type Values = {
  welcomeOn: boolean;
  plan: Plan;
  price: string;
  days: string;
  name: string;
  photoUrl: string;
  text: string;
  requireQuizzes: boolean;
  trialDays: string;
};

function SettingsForm({ initial }: { initial: SiteSettingsResponse }) {
  const offer = initial.welcomeOffer;
  const { values, bind, flag, errors, busy, submit } = useForm<Values>({
    welcomeOn: offer !== null,
    plan: offer?.plan ?? 'monthly',
    price: offer ? String(offer.price) : '',
    days: offer ? String(offer.days) : '',
    ...initial.founder,
    requireQuizzes: initial.certificateRequiresQuizzes,
    trialDays: String(initial.trialDays),
  });
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => focusFirstInvalid(form.current), [errors]);

  function save(e: FormEvent) {
    e.preventDefault();
    const checked = check(siteSettingsSchema, {
      welcomeOffer: values.welcomeOn
        ? { plan: values.plan, price: numberOrEmpty(values.price, NaN), days: numberOrEmpty(values.days, NaN) }
        : null,
      founder: { name: values.name, photoUrl: values.photoUrl, text: values.text },
      certificateRequiresQuizzes: values.requireQuizzes,
      trialDays: numberOrEmpty(values.trialDays, NaN),
    });
    void submit(checked.errors ?? call(api.admin.settings.$put({ json: checked.data })), {
      onSaved: () => toast({ title: t.saved }),
      failed: { title: t.saveFailed, message: t.saveFailed },
    });
  }

  return (
    <form ref={form} onSubmit={save} noValidate className="max-w-xl space-y-10">
      <Section id="welcome-offer" title={t.welcomeTitle} intro={t.welcomeIntro}>
        <Switch label={t.welcomeOn} {...flag('welcomeOn')} />
        {values.welcomeOn && (
          <>
            <SelectField
              label={t.welcomePlan}
              options={PLANS}
              optionLabel={(p) => premium.planNames[p]}
              {...bind('plan', 'welcomeOffer.plan')}
            />
            <TextField
              label={t.welcomePrice}
              hint={t.welcomePriceHint(PRICES_NOK[values.plan])}
              className="max-w-48"
              {...WHOLE_NUMBER}
              min={1}
              {...bind('price', 'welcomeOffer.price')}
            />
            <TextField
              label={t.welcomeDays}
              className="max-w-48"
              {...WHOLE_NUMBER}
              min={1}
              {...bind('days', 'welcomeOffer.days')}
            />
          </>
        )}
      </Section>
      <Section id="free-trial" title={t.trialTitle} intro={t.trialIntro}>
        <TextField
          label={t.trialDays}
          hint={t.trialDaysHint}
          className="max-w-48"
          {...WHOLE_NUMBER}
          min={0}
          max={30}
          {...bind('trialDays', 'trialDays')}
        />
      </Section>
      <Section id="founder" title={t.founderTitle} intro={t.founderIntro}>
        <TextField label={t.founderName} maxLength={80} {...bind('name', 'founder.name')} />
        <TextField label={t.founderPhotoUrl} hint={t.founderPhotoHint} {...bind('photoUrl', 'founder.photoUrl')} />
        <TextField label={t.founderText} multiline rows={4} maxLength={600} {...bind('text', 'founder.text')} />
      </Section>
      <Section id="certificate" title={t.certificateTitle} intro={t.certificateIntro}>
        <Switch label={t.certificateRequiresQuizzes} {...flag('requireQuizzes')} />
      </Section>
      <FormError>{errors?.form}</FormError>
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? t.saving : t.save}
      </button>
    </form>
  );
}

/** One group of settings: its heading, what it does, and its fields. */
function Section({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      <p className="text-sm text-muted">{intro}</p>
      {children}
    </section>
  );
}
