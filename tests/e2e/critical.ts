/**
 * The tags of browser tests that guard money or sign-in. A test with one of them that passes only
 * on a retry fails the run (scripts/test.ts): a flaky payment or login is a bug a buyer meets.
 */
export const MONEY = '@money';
export const AUTH = '@auth';
export const CRITICAL_TAGS: readonly string[] = [MONEY, AUTH];
