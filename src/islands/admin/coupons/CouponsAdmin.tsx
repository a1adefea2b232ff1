import { useEffect, useRef, useState, type FormEvent } from 'react';
import { PLANS } from '#shared/constants';
import { adminCoupons } from '#shared/copy/admin/coupons';
import { formatDate, formatOre } from '#shared/money';
import { couponInputSchema, type AdminCoupon, type CouponListResponse } from '#shared/schemas/admin/coupons';
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
import { ColumnHeads } from '../ColumnHeads';
import { SectionHeader } from '../SectionHeader';

const t = adminCoupons;
const KINDS = ['percent', 'amount'] as const;
const SCOPES = ['both', ...PLANS] as const;

/** /admin/rabattkoder ('Rabattkoder'): the codes with their uses and revenue, and a form for a new one. */
export default function CouponsAdmin() {
  const { state, reload } = useLoad<CouponListResponse>(() => call(api.admin.coupons.$get()), 'coupons', t.loadFailed);
  // A saved form stays busy (its save cycle is a dialog's): a new, empty one takes its place.
  const [forms, setForms] = useState(0);
  return (
    <AdminFrame active="coupons">
      <SectionHeader title={t.title} intro={t.intro} />
      <div className="space-y-10">
        <Loadable load={state} loading={t.loading} retryLabel={t.retry} onRetry={reload}>
          {({ coupons }) => <CouponTable coupons={coupons} onChanged={reload} />}
        </Loadable>
        <NewCoupon
          key={forms}
          onCreated={() => {
            setForms((n) => n + 1);
            reload();
          }}
        />
      </div>
    </AdminFrame>
  );
}

function CouponTable({ coupons, onChanged }: { coupons: AdminCoupon[]; onChanged: () => void }) {
  async function toggle(c: AdminCoupon) {
    await call(api.admin.coupons[':id'].$patch({ param: { id: c.id }, json: { active: !c.active } }));
    onChanged();
  }
  return (
    <section aria-labelledby="coupon-list" className="space-y-3">
      <h2 id="coupon-list" className="text-lg font-bold">
        {t.listTitle}
      </h2>
      {coupons.length === 0 ? (
        <p className="text-sm text-muted">{t.empty}</p>
      ) : (
        // Relative: the buttons' screen-reader text stays inside the scrolling box, not beyond the phone's page.
        <div className="relative overflow-x-auto">
          <table className="w-full text-sm" data-testid="coupon-table">
            <ColumnHeads labels={Object.values(t.columns)} />
            <tbody>
              {coupons.map((c) => (
                <tr key={c.id} className="border-b border-stone-200 align-top">
                  <th scope="row" className="py-2 pr-4 text-left font-mono font-semibold">
                    {c.code}
                    {!c.active && <span className="ml-2 font-sans font-normal text-muted">({t.inactive})</span>}
                  </th>
                  <td className="py-2 pr-4 whitespace-nowrap">{t.discount(c)}</td>
                  <td className="py-2 pr-4">
                    {t.plansText(c.plans)}, {t.periodsText(c.periods)}
                    {c.newMembersOnly && <>, {t.newMembers.toLowerCase()}</>}
                  </td>
                  <td className="py-2 pr-4 whitespace-nowrap">
                    {c.startsAt || c.endsAt
                      ? t.validRange(c.startsAt && formatDate(c.startsAt), c.endsAt && formatDate(c.endsAt))
                      : t.always}
                  </td>
                  <td className="py-2 pr-4 whitespace-nowrap">{t.used(c.redemptions, c.maxRedemptions)}</td>
                  <td className="py-2 pr-4 whitespace-nowrap">{formatOre(c.revenueOre)}</td>
                  <td className="py-2">
                    <button type="button" className="btn-secondary whitespace-nowrap" onClick={() => void toggle(c)}>
                      {c.active ? t.deactivate : t.activate}
                      <span className="sr-only"> {c.code}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

type Values = {
  code: string;
  kind: (typeof KINDS)[number];
  value: string;
  scope: (typeof SCOPES)[number];
  periods: string;
  startsAt: string;
  endsAt: string;
  maxRedemptions: string;
  newMembersOnly: boolean;
};
const EMPTY: Values = {
  code: '',
  kind: 'percent',
  value: '',
  scope: 'both',
  periods: '1',
  startsAt: '',
  endsAt: '',
  maxRedemptions: '',
  newMembersOnly: false,
};

/** A date field's day, from the start of that day (the end date: to the end of it), Oslo's offset being what the browser says. */
const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : undefined);
const dayEnd = (day: string) => (day ? new Date(`${day}T23:59:59`).toISOString() : undefined);

function NewCoupon({ onCreated }: { onCreated: () => void }) {
  const { values, bind, flag, errors, busy, submit } = useForm<Values>(EMPTY);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => focusFirstInvalid(form.current), [errors]);

  function create(e: FormEvent) {
    e.preventDefault();
    const amount = numberOrEmpty(values.value, NaN);
    const checked = check(couponInputSchema, {
      code: values.code,
      ...(values.kind === 'percent' ? { percentOff: amount } : { amountOffNok: amount }),
      plans: values.scope === 'both' ? [...PLANS] : [values.scope],
      periods: numberOrEmpty(values.periods, NaN),
      startsAt: dayStart(values.startsAt),
      endsAt: dayEnd(values.endsAt),
      maxRedemptions: values.maxRedemptions ? numberOrEmpty(values.maxRedemptions, NaN) : undefined,
      newMembersOnly: values.newMembersOnly,
    });
    void submit(checked.errors ?? call(api.admin.coupons.$post({ json: checked.data })), {
      onSaved: ({ coupon }) => {
        toast({ title: t.created(coupon.code) });
        onCreated();
      },
      failed: { title: t.saveFailed, message: t.saveFailed },
    });
  }

  return (
    <section aria-labelledby="coupon-new" className="max-w-xl space-y-4">
      <h2 id="coupon-new" className="text-lg font-bold">
        {t.newTitle}
      </h2>
      <form ref={form} onSubmit={create} noValidate className="space-y-4">
        <TextField label={t.code} hint={t.codeHint} maxLength={40} autoComplete="off" {...bind('code', 'code')} />
        <SelectField
          label={t.kind}
          options={KINDS}
          optionLabel={(k) => (k === 'percent' ? t.percent : t.amount)}
          {...bind('kind')}
        />
        <TextField
          label={values.kind === 'percent' ? t.percentOff : t.amountOff}
          className="max-w-48"
          {...WHOLE_NUMBER}
          min={1}
          {...bind('value', values.kind === 'percent' ? 'percentOff' : 'amountOffNok')}
        />
        <SelectField
          label={t.plans}
          options={SCOPES}
          optionLabel={(s) => (s === 'both' ? t.both : t.planName[s])}
          {...bind('scope', 'plans')}
        />
        <TextField
          label={t.periods}
          hint={t.periodsHint}
          className="max-w-48"
          {...WHOLE_NUMBER}
          min={1}
          {...bind('periods', 'periods')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t.startsAt} type="date" {...bind('startsAt', 'startsAt')} />
          <TextField label={t.endsAt} type="date" {...bind('endsAt', 'endsAt')} />
        </div>
        <TextField
          label={t.maxRedemptions}
          className="max-w-48"
          {...WHOLE_NUMBER}
          min={1}
          {...bind('maxRedemptions', 'maxRedemptions')}
        />
        <Switch label={t.newMembersOnly} {...flag('newMembersOnly')} />
        <FormError>{errors?.form}</FormError>
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? t.creating : t.create}
        </button>
      </form>
    </section>
  );
}
