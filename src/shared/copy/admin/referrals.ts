import type { REFERRAL_REJECTIONS, REFERRAL_STATUSES } from '#db/schema/enums';
import { REFERRAL_COUPON_CODE } from '#shared/referrals';

type Status = (typeof REFERRAL_STATUSES)[number];

/** The admin's «Verv en venn» ledger (/admin/verving, docs/decisions/0061-refer-a-friend.md). */
export const adminReferrals = {
  title: 'Verv en venn',
  intro:
    'Hvem som har vervet hvem, og hvor hver verving står. Medlemmet får en gratis måned når vennens betaling er gjennom angrefristen (30 dager) uten refusjon.',
  discountHint: `Rabatten vennen får, bestemmes av rabattkoden ${REFERRAL_COUPON_CODE} under`,
  discountLink: 'Rabattkoder',
  discountMissing: `Rabattkoden ${REFERRAL_COUPON_CODE} finnes ikke. Vervelenkene gir ingen rabatt før du lager den.`,
  discountInactive: `Rabattkoden ${REFERRAL_COUPON_CODE} er slått av. Vervelenkene gir ingen rabatt nå.`,
  filter: 'Vis',
  all: 'Alle',
  statuses: { registered: 'Registrert', paid: 'Betalt', credited: 'Kreditert', rejected: 'Avvist' } satisfies Record<
    Status,
    string
  >,
  reasons: {
    own_address: 'medlemmets egen konto eller e-postadresse',
    same_card: 'samme kort eller Vipps-avtale som medlemmet',
    refunded: 'betalingen ble refundert eller bestridt',
    unpaid: 'betalingen gikk ikke gjennom',
    account_gone: 'kontoen er slettet',
  } satisfies Record<(typeof REFERRAL_REJECTIONS)[number], string>,
  tableLabel: 'Vervingene',
  columns: {
    referrer: 'Vervet av',
    friend: 'Venn',
    status: 'Status',
    registered: 'Registrert',
    paid: 'Betalt',
    settled: 'Kreditert / avvist',
    credit: 'Kreditt',
  },
  /** An erased account: the row stays (a credit given is in the books), the person does not. */
  erased: 'Slettet konto',
  creditPeriod: '1 måned (neste trekk flyttet)',
  none: '–',
  empty: 'Ingen vervinger ennå.',
  emptyFiltered: 'Ingen vervinger med denne statusen.',
  loading: 'Henter vervingene …',
  loadFailed: 'Kunne ikke hente vervingene',
  retry: 'Prøv igjen',
} as const;
