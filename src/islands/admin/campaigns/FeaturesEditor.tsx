import { adminCampaigns } from '#shared/copy/admin/campaigns';
import type { FieldErrors } from '#browser/forms';
import { TextField } from '../../ui/TextField';
import { ListEditor } from '../../ui/ListEditor';

const f = adminCampaigns.fields;

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
      emptyText={adminCampaigns.noFeatures}
      path="features"
      errors={errors}
      renderItem={(field) => (
        <div className="grid gap-3 sm:grid-cols-[6rem_minmax(0,1fr)]">
          <TextField label={f.featureIcon} {...field('icon')} maxLength={16} />
          <TextField label={f.featureTitle} {...field('title')} />
          <TextField label={f.featureDescription} {...field('description')} className="sm:col-span-2" />
          <TextField label={f.featureBenefits} {...field('benefits')} className="sm:col-span-2" multiline />
        </div>
      )}
    />
  );
}
