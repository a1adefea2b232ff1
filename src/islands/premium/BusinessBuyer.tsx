import { useId } from 'react';
import { Building2, ChevronDown } from 'lucide-react';
import { buyer as t } from '#shared/copy/buyer';
import { compactOrgNumber, isValidOrgNumber } from '#shared/org-number';
import { TextField } from '../ui/TextField';

/** What the buyer typed in the business disclosure (open: they buy as a business). */
export type BusinessBuyerInput = { open: boolean; company: string; orgNumber: string };
export const NO_BUSINESS_BUYER: BusinessBuyerInput = { open: false, company: '', orgNumber: '' };

type Errors = { company?: string; orgNumber?: string };

/**
 * The buyer to send: none for a private buyer (closed, or left empty), the company and its
 * org.nr when both are right (the server checks the same, and asks Enhetsregisteret), else the
 * errors to show.
 */
export function businessBuyer(input: BusinessBuyerInput): { buyer?: { company: string; orgNumber: string }; errors?: Errors } {
  const company = input.company.trim();
  const orgNumber = compactOrgNumber(input.orgNumber);
  if (!input.open || (company === '' && orgNumber === '')) return {};
  const errors: Errors = {
    ...(company === '' ? { company: t.companyRequired } : {}),
    ...(isValidOrgNumber(orgNumber) ? {} : { orgNumber: t.orgNumberInvalid }),
  };
  return Object.keys(errors).length > 0 ? { errors } : { buyer: { company, orgNumber } };
}

/**
 * "Kjøper du som bedrift?": an optional disclosure on the last step, for a buyer who expenses
 * Premium through their company — the receipt then names the company and its org.nr
 * (bokføringsforskriften § 5-1-1).
 */
export default function BusinessBuyer({
  value,
  errors,
  onChange,
}: {
  value: BusinessBuyerInput;
  errors: Errors;
  onChange: (value: BusinessBuyerInput) => void;
}) {
  const panelId = useId();
  return (
    <div className="mt-4 rounded-2xl border border-stone-300 bg-white text-sm">
      <button
        type="button"
        className="flex min-h-12 w-full items-center gap-3 px-4 py-3 text-left font-semibold"
        aria-expanded={value.open}
        aria-controls={panelId}
        onClick={() => onChange({ ...value, open: !value.open })}
      >
        <Building2 className="size-5 shrink-0" aria-hidden="true" />
        <span className="flex-1">{t.form.disclosure}</span>
        <ChevronDown className={`size-5 shrink-0 transition-transform ${value.open ? 'rotate-180' : ''}`} aria-hidden="true" />
      </button>
      <div id={panelId} hidden={!value.open} className="space-y-4 border-t border-stone-200 px-4 pt-3 pb-4">
        <p className="text-muted">{t.form.intro}</p>
        <TextField
          label={t.form.company}
          value={value.company}
          onChange={(company) => onChange({ ...value, company })}
          error={errors.company}
          autoComplete="organization"
          maxLength={200}
        />
        <TextField
          label={t.form.orgNumber}
          value={value.orgNumber}
          onChange={(orgNumber) => onChange({ ...value, orgNumber })}
          error={errors.orgNumber}
          hint={t.form.orgNumberHint}
          inputMode="numeric"
          maxLength={11}
        />
      </div>
    </div>
  );
}
