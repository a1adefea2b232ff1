/*
 * Every text field of every request schema refuses control characters: NUL (which cut stored
 * text short), escape codes, DEL, C1. Long text keeps tab and line breaks; one-line fields
 * refuse those too. The test walks a valid example of each request schema and puts each
 * character into each string in turn; a new request schema fails here until it has an example.
 */
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { safeParse } from 'zod/mini';

const modules = import.meta.glob<Record<string, unknown>>(['./**/*.ts', '!./**/*.test.ts'], { eager: true });

/** Exported schemas that are no request body or query: responses, and the fields requests are built from. */
const NOT_REQUESTS = [
  'publicUserSchema',
  'adminUserSchema',
  'emailSchema',
  'firstNameSchema',
  'redirectSchema',
  'csvFormatParam',
];

/** A valid request for each request schema, with every text field it has filled in. */
const EXAMPLES: Record<string, unknown> = {
  profileUpdateSchema: { firstName: 'Kari Anne', depthLevel: 'expert' },
  emailChangeRequestSchema: { email: 'kari@example.no' },
  emailChangeConfirmSchema: { token: 'abc.def' },
  consentUpdateSchema: { marketing: true },
  welcomeStepInputSchema: { delayDays: 2, subject: 'Velkommen', markdown: 'Hei!\n\nLes [dette](/guide).' },
  welcomeOrderSchema: { ids: ['a', 'b'] },
  welcomeTestSchema: { subject: 'Velkommen', markdown: 'Hei!\n\nLes [dette](/guide).' },
  reminderUpdateSchema: { enabled: true },
  postBodySchema: { body: 'Hvordan kommer jeg i gang?\n\nSe https://example.no' },
  threadQuerySchema: { before: 'question-1' },
  adminQuestionListQuerySchema: { status: 'unanswered', page: '2' },
  postHiddenSchema: { hidden: true },
  accountingExportQuerySchema: { from: '2026-01', to: '2026-12' },
  adminPaymentsQuerySchema: { query: 'kari@example.no', user: 'user-1' },
  adminRefundSchema: { amountOre: 19950 },
  welcomeOfferSchema: { plan: 'monthly', price: 199, days: 7 },
  founderSchema: {
    name: 'Kari Nordmann',
    photoUrl: 'https://example.no/kari.jpg',
    text: 'Jeg startet alene.\n\nNå hjelper jeg deg.',
  },
  siteSettingsSchema: {
    welcomeOffer: { plan: 'yearly', price: 1495, days: 14 },
    founder: { name: 'Kari Nordmann', photoUrl: '/kari.jpg', text: 'Jeg startet alene.' },
  },
  buyerSchema: { company: 'Nordmann Rådgivning AS', orgNumber: '974760673' },
  noteRequestSchema: { body: 'Husk dette.\n\nOg dette.', bookmarked: true },
  quizAttemptSchema: { answers: [['a'], ['b', 'c']] },
  automationKindSchema: { kind: 'onboarding' },
  automationMailInputSchema: { id: 'onboarding-0', delayDays: 1, subject: 'Kom i gang', markdown: 'Hei!\n\nStart her.' },
  automationInputSchema: {
    enabled: true,
    mails: [{ id: 'onboarding-0', delayDays: 0, subject: 'Velkommen', markdown: 'Hei!\n\nLes [dette](/guide).' }],
  },
  cancellationReasonSchema: { token: 'abc.def', reason: 'price' },
  runImportSchema: { sendWelcome: true },
  insightsFunnelQuerySchema: { utmSource: 'nyhetsbrev', weeks: '26' },
  insightsSubscriptionsQuerySchema: { months: '12' },
  insightsCohortsQuerySchema: { months: '12' },
  tagSchema: 'vip-kunde',
  webhookInputSchema: { url: 'https://hook.eu1.make.com/abc', events: ['member.created'] },
  couponLimitsSchema: { endsAt: '2026-12-31T23:00:00+01:00', maxRedemptions: 100 },
  couponInputSchema: { code: 'VAR20', percentOff: 20, plans: ['monthly'], periods: 3 },
  couponUpdateSchema: { active: false },
  couponPreviewSchema: { code: 'VAR20', plan: 'yearly' },
  referralLedgerQuerySchema: { status: 'credited', referrerId: 'u-kari' },
  webhookUpdateSchema: { events: ['payment.refunded'], enabled: false },
  quizSchema: {
    passMark: 75,
    questions: [
      {
        id: 'q1',
        text: 'Hva er en MVP?\nVelg ett svar.',
        multiple: false,
        options: [
          { id: 'a', text: 'Den minste versjonen', correct: true },
          { id: 'b', text: 'En ferdig app', correct: false },
        ],
        explanation: 'En MVP er et verktøy for å lære.\n\nDen trenger ikke være programvare.',
      },
    ],
  },
  certificatePublicSchema: { public: true },
  checkoutRequestSchema: {
    email: 'kari@example.no',
    plan: 'yearly',
    withdrawalConsent: true,
    provider: 'vipps',
    campaignId: 'vaar',
    referrer: 'u-kari',
  },
  authorBlockedSchema: { blocked: true },
  unsubscribeQuerySchema: { token: 'abc.def' },
  newsletterInputSchema: { subject: 'Ukens tips', markdown: '# Hei\n\nTekst', segment: { kind: 'inactive', days: 30 } },
  newsletterPreviewSchema: { subject: 'Ukens tips', markdown: '# Hei\n\nTekst' },
  newsletterSendSchema: { at: '2026-12-01T08:00:00.000Z' },
  segmentSchema: { kind: 'inactive', days: '30' },
  segmentCountQuerySchema: { kind: 'inactive', days: '30' },
  campaignInputSchema: {
    name: 'Vår',
    title: 'Premium',
    subtitle: 'Undertittel',
    description: 'Om tilbudet',
    features: [{ icon: '📚', title: 'Kurs', description: 'Alt', benefits: ['Mer'] }],
    pricing: { original: 798, discounted: 398, currency: 'NOK', period: 'måned' },
    urgencyType: 'countdown',
    urgencyValue: '2026-12-24',
    ctaText: 'Kjøp',
    testimonials: [{ name: 'Ola', role: 'Gründer', text: 'Bra', revenue: '10 000 kr', rating: 5 }],
    displayType: 'modal',
    colorScheme: 'purple',
  },
  moduleCreateSchema: {
    id: 'ny-modul',
    title: 'Ny modul',
    description: 'Om modulen',
    icon: '📚',
    color: 'from-blue-500 to-cyan-500',
  },
  modulePatchSchema: { title: 'Ny tittel', description: 'Om modulen', icon: '🚀' },
  lessonCreateSchema: {
    moduleId: 'mindset',
    id: 'ny-leksjon',
    title: 'Leksjon',
    description: 'Om leksjonen',
    content: 'Innhold',
    resources: [{ title: 'Lenke', url: 'https://example.no/a' }],
    videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    transcript: 'Det som blir sagt i videoen',
  },
  reorderSchema: { moduleId: 'mindset', lessons: ['mindset-quick-win', 'mindset-deep-dive'] },
  guideReadQuerySchema: { preview: 'user' },
  videoPositionSchema: { seconds: 42 },
  searchQuerySchema: { q: 'økonomi', preview: 'user' },
  markdownPreviewSchema: { markdown: '## Tittel\n\nTekst' },
  lessonPatchSchema: {
    title: 'Leksjon',
    description: 'Om',
    content: 'Innhold',
    resources: [{ title: 'Lenke', url: 'https://example.no' }],
  },
  adminUserUpdateSchema: { firstName: 'Kari', email: 'kari@example.no', phone: '+47 400 00 000', adminNotes: 'Notat' },
  adminUserListQuerySchema: { q: 'kari', page: '1', pageSize: '20' },
  adminLeadFilterSchema: { query: 'kari', consent: 'granted', source: 'landing_page', utm: 'nyhetsbrev' },
  adminLeadExportQuerySchema: { query: 'kari', consent: 'withdrawn', source: 'landing_page', utm: 'host', part: '2' },
  adminLeadListQuerySchema: { query: 'kari', consent: 'never', source: 'guide_login', utm: 'host', page: '2', pageSize: '20' },
  magicLinkRequestSchema: { email: 'kari@example.no', firstName: 'Kari', redirect: '/guide' },
  verifyQuerySchema: { token: 'abcdef' },
  verifyCodeSchema: { email: 'kari@example.no', code: '123456' },
  eventRequestSchema: { eventName: 'faq_open', eventProps: { question: 'Hva koster det?' } },
  progressRequestSchema: { moduleId: 'mindset', completedSections: ['mindset-quick-win'] },
  actionRequestSchema: { actionType: 'lesson_completed', actionData: { lessonId: 'mindset-quick-win' }, moduleId: 'mindset' },
  leadFieldsSchema: { email: 'kari@example.no', acceptTerms: true, consentMarketing: true },
  leadRequestSchema: {
    email: 'kari@example.no',
    acceptTerms: true,
    consentMarketing: true,
    firstName: 'Kari',
    utm: { source: 'nyhetsbrev', medium: 'epost', campaign: 'høst' },
  },
  upgradeRequestSchema: {
    plan: 'yearly',
    price: '1995',
    campaignId: 'default',
    withdrawalConsent: true,
    provider: 'vipps',
    referrer: 'u-kari',
  },
  receiptNumberSchema: { number: '12' },
  adminBillingQuerySchema: { user: 'u-kari' },
  upsellEventSchema: { campaignId: 'default', kind: 'shown', placement: 'modal', reason: 'visit' },
};

/** Long text, by field name: tab and line breaks allowed. */
const LONG_TEXT = new Set(['description', 'content', 'adminNotes', 'text', 'transcript', 'markdown', 'body', 'explanation']);
/** A field whose bad value is dropped, never followed (a redirect after login). */
const DROPPED = new Set(['redirect']);

type Path = (string | number)[];

/** Every string in the example, with its path. */
function strings(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, [...path, k]));
  return [];
}

/** A copy with the string at `path` changed by `change`. */
function withString(value: unknown, path: Path, change: (s: string) => string): unknown {
  if (!path.length) return change(value as string);
  const [key, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[key!] = withString(copy[key!], rest, change);
  return copy;
}

/** Inside the text, so no trimming can take it away. */
const inside = (char: string) => (s: string) => (s.length > 1 ? `${s.slice(0, 1)}${char}${s.slice(1)}` : `a${char}${s}`);

const schemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([name, v]) => typeof v === 'object' && v !== null && '_zod' in v && !NOT_REQUESTS.includes(name))
    .map(([name, schema]) => ({ file, name, schema: schema as z.ZodMiniType })),
);

describe('control characters in request schemas', () => {
  it('every request schema has an example here', () => {
    expect(schemas.length).toBeGreaterThan(15);
    expect(schemas.map((s) => s.name).filter((name) => !(name in EXAMPLES))).toEqual([]);
  });

  describe.each(schemas)('$name ($file)', ({ name, schema }) => {
    const example = EXAMPLES[name];
    const paths = strings(example);

    it('accepts its example', () => {
      expect(safeParse(schema, example).error?.issues).toBeUndefined();
    });

    it.each(['\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\u0085', '\u009b'])('refuses %j in every text field', (char) => {
      for (const path of paths) {
        const result = safeParse(schema, withString(example, path, inside(char)));
        const field = path.join('.');
        if (DROPPED.has(String(path.at(-1)))) {
          expect(result.success && (result.data as Record<string, unknown>)[field], field).toBeFalsy();
        } else {
          expect(result.success, `${field} took ${JSON.stringify(char)}`).toBe(false);
        }
      }
    });

    it('takes tab and line breaks in long text only', () => {
      for (const path of paths) {
        const long = LONG_TEXT.has(String(path.at(-1)));
        for (const char of ['\t', '\n', '\r\n']) {
          const result = safeParse(schema, withString(example, path, inside(char)));
          if (DROPPED.has(String(path.at(-1)))) continue;
          expect(result.success, `${path.join('.')} with ${JSON.stringify(char)}`).toBe(long);
        }
      }
    });
  });
});
