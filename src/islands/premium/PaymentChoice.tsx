import { useEffect, useId, useState } from 'react';
import type { PaymentProviderName } from '#db/schema/enums';
import { paymentChoice } from '#shared/copy/premium/payment-choice';

const t = paymentChoice;

/** A phone: Vipps lives on it, so there Vipps is listed first. */
const onPhone = () =>
  typeof window !== 'undefined' && ['(max-width: 639px)', '(pointer: coarse)'].some((query) => window.matchMedia(query).matches);

/**
 * The buyer's choice of how to pay, when the checkout offers more than one way (Vipps and card):
 * radio buttons, the checkout's default chosen until the buyer picks another; on phones Vipps is
 * listed first. No phone number is asked for: Vipps asks for it on its own page if it must.
 */
export default function PaymentChoice({
  providers,
  value,
  onChange,
}: {
  providers: PaymentProviderName[];
  value: PaymentProviderName;
  onChange: (provider: PaymentProviderName) => void;
}) {
  const name = useId();
  // Read after hydration, so the server's HTML and the first render agree.
  const [phone, setPhone] = useState(false);
  useEffect(() => setPhone(onPhone()), []);
  const listed = phone ? [...providers].sort((a, b) => Number(b === 'vipps') - Number(a === 'vipps')) : providers;
  return (
    <fieldset className="mt-6 rounded-3xl border border-stone-200 bg-white p-6 shadow-sm">
      <legend className="px-1 text-lg font-bold">{t.legend}</legend>
      <div className="mt-2 flex flex-col gap-3">
        {listed.map((provider) => (
          <label
            key={provider}
            className="flex cursor-pointer items-start gap-3 rounded-2xl border border-stone-300 p-4 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name={name}
              value={provider}
              className="mt-1 size-5 shrink-0 accent-orange-700"
              checked={value === provider}
              onChange={() => onChange(provider)}
            />
            <span>
              <strong className="block">{t.providers[provider].label}</strong>
              <span className="text-sm text-muted">{t.providers[provider].hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
