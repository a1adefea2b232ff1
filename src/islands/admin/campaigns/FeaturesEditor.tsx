import { nb } from '#shared/copy/nb';
import type { FieldErrors } from '#browser/forms';
import { TextField } from '../../ui/TextField';
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
          <TextField label={f.featureIcon} value={feature.icon} onChange={(icon) => update({ icon })} error={errors?.[`features.${i}.icon`]} maxLength={16} />
          <TextField label={f.featureTitle} value={feature.title} onChange={(title) => update({ title })} error={errors?.[`features.${i}.title`]} />
          <TextField
            label={f.featureDescription}
            value={feature.description}
            onChange={(description) => update({ description })}
            error={errors?.[`features.${i}.description`]}
            className="sm:col-span-2"
          />
          <TextField
            label={f.featureBenefits}
            value={feature.benefits}
            onChange={(benefits) => update({ benefits })}
            error={errors?.[`features.${i}.benefits`]}
            className="sm:col-span-2"
            multiline
          />
        </div>
      )}
    />
  );
}
