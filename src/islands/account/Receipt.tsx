import { ArrowLeft, Printer } from 'lucide-react';
import { profile } from '#shared/copy/account';
import { buyer } from '#shared/copy/buyer';
import { subscription } from '#shared/copy/subscriptions';
import { formatDate, formatOre } from '#shared/money';
import { PATHS } from '#shared/paths';
import type { ReceiptResponse } from '#shared/schemas/subscriptions';
import { api, call } from '#browser/api';
import { leaveIfSignedOut } from '#browser/sign-in';
import { Loadable, useLoad } from '../ui/Loadable';
import { SignedInPage } from '../ui/SignedInPage';

const t = subscription.receipt;

/** /guide/kvittering?nr=N: one of the user's receipts or credit notes, as a printable sales document. */
export default function Receipt() {
  return (
    <SignedInPage path={PATHS.receipt} loading={profile.loading}>
      {() => <ReceiptPage number={new URLSearchParams(window.location.search).get('nr') ?? ''} />}
    </SignedInPage>
  );
}

function ReceiptPage({ number }: { number: string }) {
  const { state, reload } = useLoad(
    () =>
      call(api.account.receipts[':number'].$get({ param: { number } })).catch((err: unknown) => {
        leaveIfSignedOut(err, `${PATHS.receipt}?nr=${encodeURIComponent(number)}`);
        throw err;
      }),
    `receipt-${number}`,
    t.notFound,
  );
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3" data-print="hide">
        <a
          href={PATHS.profile}
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-800 underline-offset-2 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t.back}
        </a>
        <button type="button" className="btn-secondary" onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden="true" />
          {t.print}
        </button>
      </div>
      <Loadable load={state} loading={profile.loading} retryLabel={profile.retry} onRetry={reload}>
        {({ receipt }) => <Sheet receipt={receipt} />}
      </Loadable>
    </div>
  );
}

/** The document: what bokføringsforskriften § 5-1-1 asks a sales document to show. */
function Sheet({ receipt: r }: { receipt: ReceiptResponse['receipt'] }) {
  const credit = r.kind === 'credit_note';
  return (
    <article className="card space-y-6" data-print="sheet" data-testid="receipt">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight">{credit ? t.creditTitle(r.number) : t.title(r.number)}</h1>
          <p className="mt-1 text-sm text-muted">
            {t.date}: {formatDate(r.date)}
          </p>
          <p className="mt-1 text-sm" data-testid="receipt-paid">
            {credit ? t.refunded(r.date) : t.paid(r.date)}
          </p>
          {r.creditsNumber !== null && <p className="mt-1 text-sm">{t.credits(r.creditsNumber)}</p>}
        </div>
        <address className="text-sm not-italic sm:text-right">
          <span className="block text-muted">{t.seller}</span>
          <strong className="block">{r.seller.name}</strong>
          <span className="block">{r.seller.address}</span>
          <span className="block">{t.orgNumber(r.seller.orgNumber)}</span>
          <span className="block">{t.register}</span>
        </address>
      </header>
      {r.buyer.company !== null && r.buyer.orgNumber !== null ? (
        <div className="text-sm">
          <p data-testid="receipt-business-buyer">
            <span className="text-muted">{t.buyer}: </span>
            <strong>{buyer.company(r.buyer.company, r.buyer.orgNumber)}</strong>
          </p>
          <p className="text-muted">{r.buyer.email}</p>
        </div>
      ) : (
        <p className="text-sm">
          <span className="text-muted">{t.buyer}: </span>
          {r.buyer.email}
        </p>
      )}
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-stone-300 text-left">
            <th className="py-2 pr-4 font-semibold">{t.description}</th>
            <th className="py-2 pr-4 font-semibold">{t.period}</th>
            <th className="py-2 text-right font-semibold">{t.total}</th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-stone-200 align-top">
            <td className="py-3 pr-4">{r.description}</td>
            <td className="py-3 pr-4">{t.periodRange(r.periodStart, r.periodEnd)}</td>
            <td className="py-3 text-right whitespace-nowrap">
              {r.coupon ? formatOre(r.totalOre + r.coupon.discountOre) : formatOre(r.totalOre)}
            </td>
          </tr>
          {r.coupon && (
            // The code's saving against the list price: the line above is the list price, the total what was paid.
            <tr className="border-b border-stone-200 align-top" data-testid="receipt-coupon">
              <td className="py-3 pr-4" colSpan={2}>
                {t.coupon(r.coupon.code)}
              </td>
              <td className="py-3 text-right whitespace-nowrap">−{formatOre(r.coupon.discountOre)}</td>
            </tr>
          )}
        </tbody>
      </table>
      <dl className="ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm" data-testid="receipt-totals">
        <dt className="text-muted">{t.net}</dt>
        <dd className="text-right whitespace-nowrap">{formatOre(r.totalOre - r.vatOre)}</dd>
        <dt className="text-muted">{t.vat}</dt>
        <dd className="text-right whitespace-nowrap">{formatOre(r.vatOre)}</dd>
        <dt className="border-t border-stone-300 pt-1 font-bold">{t.total}</dt>
        <dd className="border-t border-stone-300 pt-1 text-right font-bold whitespace-nowrap">{formatOre(r.totalOre)}</dd>
      </dl>
    </article>
  );
}
