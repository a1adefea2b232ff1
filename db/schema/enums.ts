/** The data model's vocabularies. Plain constants with no imports, so the browser's shared schemas may use them too. */
export const DEPTH_LEVELS = ['beginner', 'intermediate', 'expert'] as const;
export const PREMIUM_PLANS = ['admin_granted', 'yearly', 'monthly'] as const;
export const LESSON_TYPES = ['text', 'video', 'interactive', 'ai-prompt'] as const;
export const CURRENCIES = ['NOK', 'USD', 'EUR'] as const;
export const PERIODS = ['måned', 'år', 'engang'] as const;
export const DISPLAY_TYPES = ['modal', 'fullpage', 'sidebar'] as const;
export const COLOR_SCHEMES = ['orange', 'purple', 'blue', 'green', 'custom'] as const;
export const URGENCY_TYPES = ['countdown', 'limited_spots', 'seasonal'] as const;
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'expired', 'refunded'] as const;
