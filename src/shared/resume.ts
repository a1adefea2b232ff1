import type { PAYMENT_PROVIDERS } from '#db/schema/enums';

/**
 * Whether a canceled subscription can be resumed before its period ends. A card subscription
 * can; a Vipps agreement, once stopped, cannot be started again (the Recurring API has no way
 * back from STOPPED), so its buyer subscribes anew when the period is over — the account screen
 * says so instead of offering a button that would fail.
 */
export const canResume = (provider: (typeof PAYMENT_PROVIDERS)[number]): boolean => provider !== 'vipps';
