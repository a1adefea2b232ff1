/**
 * Every page path of the site, named once. The page router, wrangler.toml's
 * `run_worker_first` (checked by a test) and the Astro pages follow this list.
 */
export const PATHS = {
  home: '/',
  privacy: '/personvern',
  terms: '/vilkar',
  /** The footer's old address of the terms page; redirects to `terms`. */
  termsLegacy: '/vilkår',
  thanks: '/takk',
  login: '/guide/login',
  verify: '/guide/auth',
  guide: '/guide',
  profile: '/guide/profil',
  /** "Mine notater": the learner's notes and bookmarks. */
  notes: '/guide/notater',
  /** One receipt, printable (`?nr=`). */
  receipt: '/guide/kvittering',
  /** Where the link mailed to a new address confirms the change. */
  confirmEmail: '/guide/ny-epost',
  /** An unsubscribe link's confirmation page (works without signing in). */
  unsubscribe: '/avmelding',
  premium: '/premium',
  /** The public pricing page, pre-rendered like the landing; its checkout needs no account. */
  pricing: '/priser',
  checkout: '/priser/kasse',
  adminLogin: '/admin/login',
  admin: '/admin',
  adminCampaigns: '/admin/campaigns',
  adminWelcome: '/admin/velkomstserie',
  adminSettings: '/admin/innstillinger',
  adminWebhooks: '/admin/webhooks',
  adminCoupons: '/admin/rabattkoder',
  /** The «Verv en venn» ledger. */
  adminReferrals: '/admin/verving',
  adminNewsletters: '/admin/epost',
  adminAutomations: '/admin/automatiseringer',
  /** Where the cancellation mail's reason links go: the page records the click (`?token=&reason=`), no sign-in. */
  cancellationReason: '/oppsigelse',
  /** The shell of a certificate's public page, `/sertifikat/{id}` (docs/decisions/0049-certificate-verification.md). */
  certificate: '/sertifikat',
} as const;

/** A marketing mail's counted link, `/r/{token}`: records the click and redirects (docs/decisions/0057-click-counting.md). */
export const CLICK_PATH = '/r';

/** A certificate's public page, printed on its PDF and shared by the learner. */
export const certificatePath = (id: string) => `${PATHS.certificate}/${encodeURIComponent(id)}`;

/** The canonical module page; `/guide/module/{id}` and `/guide/{id}` redirect here. */
export const modulePath = (moduleId: string) => `/guide/lessons/${encodeURIComponent(moduleId)}`;
/** The module page's query parameter naming the lesson it opens (continue, search, next/previous across modules). */
export const LESSON_PARAM = 'leksjon';
/** The fragment of a lesson's questions and answers on the module page (`…?leksjon=x#sporsmal`), e.g. from the answer mail. */
export const QUESTIONS_ANCHOR = 'sporsmal';
export const lessonPath = (moduleId: string, lessonId: string) =>
  `${modulePath(moduleId)}?${LESSON_PARAM}=${encodeURIComponent(lessonId)}`;

/**
 * The sections of the admin dashboard, each a fragment of /admin (`/admin#brukere`), so the
 * sidebar's entries are plain links that work from /admin/campaigns too.
 */
export const ADMIN_SECTIONS = {
  overview: 'oversikt',
  users: 'brukere',
  payments: 'betalinger',
  leads: 'leads',
  imports: 'import',
  insights: 'innsikt',
  questions: 'sporsmal',
  content: 'innhold',
  gamification: 'gamification',
  revenue: 'inntekter',
} as const;
export type AdminSection = keyof typeof ADMIN_SECTIONS;
export const adminSectionPath = (section: AdminSection) => `${PATHS.admin}#${ADMIN_SECTIONS[section]}`;

/** The query parameter that carries where to go after signing in, on every page that takes one. */
export const REDIRECT_PARAM = 'redirect';

/** A path on this site (`/guide`), never another host (`//evil.example`, `/\\evil.example`, `https://…`) nor control characters. */
export const SAME_SITE_PATH = /^\/(?![/\\])[^\s\p{Cc}]*$/u;

/** The value if it is a same-site path to send someone to, else undefined (for redirect query parameters). */
export const sameSitePath = (value: string | null | undefined): string | undefined =>
  value && value.length <= 500 && SAME_SITE_PATH.test(value) ? value : undefined;

/** The login page that returns to `path` afterwards. */
export const loginPath = (path?: string) => (path ? `${PATHS.login}?${REDIRECT_PARAM}=${encodeURIComponent(path)}` : PATHS.login);

/**
 * The query a payment page sends the browser back to /premium with: `?status=success|cancel` (and
 * `&plan=` on cancel, to resume; `&payment=` where one address serves every outcome, as Vipps's does).
 */
export const PAYMENT_RETURN = {
  param: 'status',
  success: 'success',
  cancel: 'cancel',
  planParam: 'plan',
  paymentParam: 'payment',
} as const;

/** Step 2 of buying from the pricing page: the address and the payment, for `plan`. */
export const checkoutPath = (plan?: string) => `${PATHS.checkout}${plan ? `?plan=${plan}` : ''}`;

/** The query parameter a discount code may arrive in (/priser/kasse?kode=…, /premium?kode=…): the field is filled and the code tried. */
export const COUPON_PARAM = 'kode';

/** /premium as a payment page returns to it. */
export const premiumReturnPath = (status: 'success' | 'cancel', plan?: string, payment?: string) =>
  `${PATHS.premium}?${PAYMENT_RETURN.param}=${status}${plan ? `&${PAYMENT_RETURN.planParam}=${plan}` : ''}${
    payment ? `&${PAYMENT_RETURN.paymentParam}=${payment}` : ''
  }`;

/**
 * Paths the Workers runtime must route to the app (not straight to static assets): the API,
 * dynamic pages served from a shell, redirects, and the operator's /metrics. Percent-encoded, as wrangler matches them.
 */
export const WORKER_FIRST_PATHS = [
  '/api/*',
  `${CLICK_PATH}/*`,
  '/guide/*',
  '/sertifikat/*',
  '/vilk%C3%A5r',
  '/vilk%C3%A5r/',
  '/metrics',
] as const;

/**
 * The app screens (guide, premium, admin and their sign-in pages) and the unsubscribe page: never
 * in the sitemap, and no third-party script on them — their addresses can carry sign-in or
 * unsubscribe tokens, and such scripts send the full URL. `pathname` as in the address or as built (`/guide.html`).
 */
export const isPrivatePage = (pathname: string): boolean =>
  /^\/(guide|premium|admin|avmelding|oppsigelse|sertifikat)(\/|\.html$|$)/.test(pathname);

/** The fragment that opens the login page's code form (for a link opened on another device). */
export const LOGIN_CODE_FRAGMENT = '#kode';

/** The module id of a module page address (`/guide/lessons/{id}`), or null. */
export function moduleIdFromPath(pathname: string): string | null {
  const id = /^\/guide\/lessons\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (!id) return null;
  try {
    return decodeURIComponent(id);
  } catch {
    return null;
  }
}
