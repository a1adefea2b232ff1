/** Business constants shared by pages, islands and server. One source for every price. */
import { PLANS } from '#db/schema/enums';

export const SITE_NAME = 'Soloprenør';
export const CONTACT_EMAIL = 'hei@soloprenor.no';
export const COMPANY = {
  name: 'Soloprenør AS',
  orgNumber: '931 482 675',
  city: 'Bergen',
  /** The registered business address printed on receipts (SELLER_ADDRESS overrides it). */
  address: 'Strandkaien 2, 5013 Bergen',
} as const;

export const PRICES_NOK = { monthly: 399, yearly: 1995 } as const satisfies Record<(typeof PLANS)[number], number>;
export type Plan = keyof typeof PRICES_NOK;
/** The plans: the data model's list (db/schema/enums.ts), each of which has its price above. */
export { PLANS };
/**
 * A "før" price is shown only for a price the plan really had within this many days (prisopplysningsforskriften § 9a;
 * docs/decisions/0016-price-claims.md).
 */
export const BEFORE_PRICE_DAYS = 30;

/* The /premium offer: real deadlines and counts (docs/decisions/0010-payments-and-honest-offers.md), shown at set cadences. */
/** "N ser på dette nå" counts users who had /premium open within this many minutes. */
export const VIEWER_WINDOW_MINUTES = 2;
/** The offer's counts are fetched again this often while the page is visible. */
export const OFFER_REFRESH_SECONDS = 5;
/** Counters below these floors are hidden rather than shown (never raised: see docs/decisions/0010). */
export const SPOTS_FLOOR = 5;
export const VIEWERS_FLOOR = 2;
/** "N soloprenører har allerede startet": below this many active accounts the line is hidden, never shown as "1+". */
export const SOCIAL_PROOF_FLOOR = 50;
/**
 * "Mest populær" marks a plan only once it has sold this many subscriptions (and more than the
 * other plan): a claim about what buyers choose needs enough buyers to be one (docs/decisions/0040).
 */
export const POPULAR_MIN_SALES = 20;
export const CONFETTI_MS = 3000;
export const CONFETTI_INTERVAL_MS = 250;
export const REDIRECT_AFTER_UPGRADE_MS = 3000;
export const GUARANTEE_DAYS = 30;
/** How long a checkout at the provider stays open (Stripe's minimum is 30): while one is, no second may start. */
export const CHECKOUT_OPEN_MINUTES = 35;
export const RENEWAL_REMINDER_DAYS = 7;
export const DATA_RETENTION_YEARS = 2;
export const MINIMUM_AGE = 18;

export const MAGIC_LINK_TTL_MINUTES = 15;
/** A link confirming a new address is valid this long: the new mailbox may be checked later than a sign-in's. */
export const EMAIL_CHANGE_TTL_MINUTES = 60;
export const SESSION_TTL_DAYS = 30;
export const SESSION_COOKIE = 'sp_session';
export const LOGIN_CODE_LENGTH = 6;
export const LOGIN_CODE_MAX_ATTEMPTS = 5;

export const MAX_BODY_BYTES = 64 * 1024;
/** POST /api/admin/files only: a 10 MB file plus the multipart envelope around it. */
export const MAX_UPLOAD_BODY_BYTES = 10 * 1024 * 1024 + 64 * 1024;

/** Bumped whenever the consent wording (#shared/copy/leads, `consent`) changes; stored with every lead. */
export const CONSENT_TEXT_VERSION = '2025-02-03';
export const LEGAL_UPDATED = '3. februar 2025';
/** The version of vilkår and personvern (dated LEGAL_UPDATED) a sign-up accepts; bumped with them. */
export const TERMS_TEXT_VERSION = '2025-02-03';

/** A learner's note on a lesson: its longest text, in characters (the field's limit and the route's). */
export const NOTE_MAX_LENGTH = 10_000;
/** How often the guide's modules and streak are fetched again while the page is open. */
export const GUIDE_REFRESH_MS = 60_000;
/** After the last lesson of a module, the overview comes back after this long. */
export const MODULE_DONE_REDIRECT_MS = 2_000;

/** "Active" in the admin's figures (users, learners): did something within this many days. */
export const ACTIVE_WINDOW_DAYS = 7;

/** The guide's search (GET /api/guide/search): shortest and longest query, and most results shown. */
export const SEARCH = { minLength: 2, maxLength: 100, maxTerms: 5, limit: 20 } as const;

/**
 * Questions and answers under lessons (docs/decisions/0046-lesson-questions.md): the longest post,
 * how many posts a learner may write in an hour, how old an account must be before its posts
 * may carry links, and how many questions a thread shows at a time (newest first).
 */
export const QUESTIONS = { maxLength: 2000, minLength: 3, postsPerHour: 10, linksAfterDays: 3, pageSize: 20 } as const;
