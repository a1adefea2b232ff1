import { nb } from '#shared/copy/nb';
import type { FieldErrors } from '#browser/forms';
import { Field } from '../../ui/Field';
import { ListEditor } from '../../ui/ListEditor';

const f = nb.adminCampaigns.fields;

/** A feature as the editor holds it: its benefits as lines of text. */
export type FeatureForm = { icon: string; title: string; description: string; benefits: string };

/** The campaign's features: icon, title, description and benefits (one per line). */
export function FeaturesEditor({
  features,
  onChange,
  errors,
}: {
  features: FeatureForm[];
  onChange: (next: FeatureForm[]) => void;
  errors: FieldErrors | null;
}) {
  return (
    <ListEditor
      legend={f.features}
      items={features}
      onChange={onChange}
      blank={() => ({ icon: '✨', title: '', description: '', benefits: '' })}
      itemLegend={f.featureLegend}
      removeLabel={f.removeFeature}
      addLabel={f.addFeature}
      emptyText={nb.adminCampaigns.noFeatures}
      error={errors?.features}
      renderItem={(feature, update, i) => (
        <div className="grid gap-3 sm:grid-cols-[6rem_minmax(0,1fr)]">
          <Field label={f.featureIcon} error={errors?.[`features.${i}.icon`]}>
            {(control) => <input {...control} className="input" value={feature.icon} maxLength={16} onChange={(e) => update({ icon: e.target.value })} />}
          </Field>
          <Field label={f.featureTitle} error={errors?.[`features.${i}.title`]}>
            {(control) => <input {...control} className="input" value={feature.title} onChange={(e) => update({ title: e.target.value })} />}
          </Field>
          <Field label={f.featureDescription} error={errors?.[`features.${i}.description`]} className="sm:col-span-2">
            {(control) => <input {...control} className="input" value={feature.description} onChange={(e) => update({ description: e.target.value })} />}
          </Field>
          <Field label={f.featureBenefits} error={errors?.[`features.${i}.benefits`]} className="sm:col-span-2">
            {(control) => <textarea {...control} className="input min-h-20" value={feature.benefits} onChange={(e) => update({ benefits: e.target.value })} />}
          </Field>
        </div>
      )}
    />
  );
}
