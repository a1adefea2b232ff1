import type { ReactNode } from 'react';
import { COLOR_SCHEMES, CURRENCIES, DISPLAY_TYPES, PERIODS } from '#db/schema/enums';
import { adminCampaigns } from '#shared/copy/admin/campaigns';
import {
  CAMPAIGN_DRAFT,
  URGENCY_CHOICES,
  campaignInputSchema,
  type Campaign,
  type CampaignInput,
} from '#shared/schemas/admin/campaigns';
import { api, call } from '#browser/api';
import { check, numberOrEmpty } from '#browser/forms';
import { toast } from '#browser/stores/toast';
import { CheckboxField } from '../../ui/Field';
import { FormDialog } from '../../ui/FormDialog';
import { useForm } from '../../ui/useForm';
import { SelectField } from '../../ui/SelectField';
import { TextField, WHOLE_NUMBER } from '../../ui/TextField';
import { FeaturesEditor, type FeatureForm } from './FeaturesEditor';

const t = adminCampaigns;
const f = t.fields;

/** The editor's values: numbers as typed, benefits as lines, 'none' for no urgency. */
type Form = {
  name: string;
  title: string;
  subtitle: string;
  description: string;
  features: FeatureForm[];
  original: string;
  discounted: string;
  currency: Campaign['pricing']['currency'];
  period: Campaign['pricing']['period'];
  displayType: Campaign['displayType'];
  colorScheme: Campaign['colorScheme'];
  ctaText: string;
  animations: boolean;
  gamification: boolean;
  isActive: boolean;
  urgencyType: (typeof URGENCY_CHOICES)[number];
  urgencyValue: string;
};

function toForm(c: CampaignInput): Form {
  return {
    name: c.name,
    title: c.title,
    subtitle: c.subtitle ?? '',
    description: c.description ?? '',
    features: (c.features ?? []).map((feature) => ({
      icon: feature.icon ?? '',
      title: feature.title,
      description: feature.description ?? '',
      benefits: (feature.benefits ?? []).join('\n'),
    })),
    original: String(c.pricing.original),
    discounted: c.pricing.discounted == null ? '' : String(c.pricing.discounted),
    currency: c.pricing.currency,
    period: c.pricing.period,
    displayType: c.displayType,
    colorScheme: c.colorScheme,
    ctaText: c.ctaText,
    animations: c.animations ?? true,
    gamification: c.gamification ?? false,
    isActive: c.isActive ?? false,
    urgencyType: c.urgencyType ?? 'none',
    urgencyValue: c.urgencyValue ?? '',
  };
}

function toInput(
  { original, discounted, currency, period, features, ...rest }: Form,
  testimonials: CampaignInput['testimonials'],
): CampaignInput {
  return {
    ...rest,
    testimonials,
    pricing: { original: numberOrEmpty(original, NaN), discounted: numberOrEmpty(discounted, null), currency, period },
    features: features.map(({ benefits, ...feature }) => {
      const lines = benefits
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
      return lines.length ? { ...feature, benefits: lines } : feature;
    }),
  };
}

/** 'Opprett ny kampanje' (from CAMPAIGN_DRAFT, schemas/admin/campaigns.ts) or 'Rediger kampanje'; saves the whole campaign. */
export function CampaignDialog({
  campaign,
  onClose,
  onSaved,
}: {
  campaign: Campaign | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const form = useForm<Form>(() => toForm(campaign ?? CAMPAIGN_DRAFT));
  const { values, set, bind, errors } = form;

  function request() {
    const checked = check(campaignInputSchema, toInput(values, campaign?.testimonials ?? []));
    if (checked.errors) return checked.errors;
    const json = checked.data;
    return campaign
      ? call(api.admin.campaigns[':id'].$put({ param: { id: campaign.id }, json }))
      : call(api.admin.campaigns.$post({ json }));
  }

  const submit = () =>
    form.submit(request(), {
      onSaved: ({ campaign: saved }) => {
        toast({ title: campaign ? t.updated : t.created, description: saved.name });
        onSaved();
      },
      failed: { title: t.errorTitle, message: campaign ? t.updateFailed : t.createFailed },
    });

  const text = (
    key: 'name' | 'title' | 'subtitle' | 'description' | 'ctaText' | 'urgencyValue',
    label: string,
    extra: { hint?: string; placeholder?: string; multiline?: boolean } = {},
  ) => <TextField label={label} {...bind(key)} {...extra} />;
  const select = <K extends 'currency' | 'period' | 'displayType' | 'colorScheme' | 'urgencyType'>(
    key: K,
    label: string,
    options: readonly Form[K][],
    labels?: Record<string, string>,
    errorKey: string = key,
  ) => <SelectField label={label} {...bind(key, errorKey)} options={options} optionLabel={(value) => labels?.[value] ?? value} />;
  const price = (key: 'original' | 'discounted', label: string, hint?: string) => (
    <TextField label={label} {...bind(key, `pricing.${key}`)} hint={hint} {...WHOLE_NUMBER} min={0} />
  );

  return (
    <FormDialog title={campaign ? t.editTitle : t.createTitle} saveLabel={t.save} save={form} onSubmit={submit} onClose={onClose}>
      <Group legend={t.groups.basic}>
        {text('name', f.name, { hint: f.nameHint })}
        {text('title', f.title)}
        {text('subtitle', f.subtitle)}
        {text('description', f.description, { multiline: true })}
        <FeaturesEditor features={values.features} onChange={(features) => set({ features })} errors={errors} />
      </Group>
      <Group legend={t.groups.pricing}>
        <div className="grid gap-4 sm:grid-cols-2">
          {price('original', f.original, f.originalHint)}
          {price('discounted', f.discounted, f.discountedHint)}
          {select('currency', f.currency, CURRENCIES, undefined, 'pricing.currency')}
          {select('period', f.period, PERIODS, undefined, 'pricing.period')}
        </div>
      </Group>
      <Group legend={t.groups.display}>
        <div className="grid gap-4 sm:grid-cols-2">
          {select('displayType', f.displayType, DISPLAY_TYPES, t.displayTypes)}
          {select('colorScheme', f.colorScheme, COLOR_SCHEMES, t.colorSchemes)}
        </div>
        {text('ctaText', f.ctaText)}
        <CheckboxField label={f.animations} {...form.flag('animations')} />
        <CheckboxField label={f.gamification} {...form.flag('gamification')} />
        <CheckboxField label={f.isActive} hint={f.isActiveHint} {...form.flag('isActive')} />
      </Group>
      <Group legend={t.groups.urgency}>
        <div className="grid gap-4 sm:grid-cols-2">
          {select('urgencyType', f.urgencyType, URGENCY_CHOICES, t.urgencyTypes)}
          {text('urgencyValue', f.urgencyValue, { placeholder: f.urgencyPlaceholder, hint: f.urgencyHint })}
        </div>
      </Group>
    </FormDialog>
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-2xl border border-stone-200 p-3 sm:p-4">
      <legend className="px-1 font-bold">{legend}</legend>
      {children}
    </fieldset>
  );
}
