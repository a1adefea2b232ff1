/** Business constants shared by pages, islands and server. One source for every price. */

export const SITE_NAME = 'Soloprenør';
export const CONTACT_EMAIL = 'hei@soloprenor.no';
export const COMPANY = {
  name: 'Soloprenør AS',
  orgNumber: '931 482 675',
  city: 'Bergen',
} as const;

export const PRICES_NOK = { monthly: 399, yearly: 1995 } as const;
export type Plan = keyof typeof PRICES_NOK;
/** The yearly plan's list price the discount is measured against: 12 × 399 rounded as shown. */
export const YEARLY_ORIGINAL_NOK = 3990;
export const MONTHLY_AS_YEAR_NOK = PRICES_NOK.monthly * 12;
export const DISCOUNT_PERCENT = 50;
export const GUARANTEE_DAYS = 30;
export const RENEWAL_REMINDER_DAYS = 7;
export const DATA_RETENTION_YEARS = 2;
export const MINIMUM_AGE = 18;

export const MAGIC_LINK_TTL_MINUTES = 15;
export const SESSION_TTL_DAYS = 30;
export const SESSION_COOKIE = 'sp_session';
export const LOGIN_CODE_LENGTH = 6;
export const LOGIN_CODE_MAX_ATTEMPTS = 5;

export const MAX_BODY_BYTES = 64 * 1024;

/** Bumped whenever the consent wording in nb.ts changes; stored with every lead. */
export const CONSENT_TEXT_VERSION = '2025-02-03';
export const LEGAL_UPDATED = '3. februar 2025';

/** A module's estimated time is its lesson count times this many minutes. */
export const LESSON_MINUTES_ESTIMATE = 15;
/** How often the guide's modules and streak are fetched again while the page is open. */
export const GUIDE_REFRESH_MS = 60_000;
/** After the last lesson of a module, the overview comes back after this long. */
export const MODULE_DONE_REDIRECT_MS = 2_000;
