/** The data model's vocabularies. Plain constants with no imports, so the browser's shared schemas may use them too. */
/**
 * A member of staff's role in the admin (docs/decisions/0051-roles.md); a user without one is no staff. What each may
 * use is one table, src/shared/permissions.ts.
 */
export const ROLES = ['owner', 'admin', 'editor', 'support'] as const;
export type Role = (typeof ROLES)[number];
export const DEPTH_LEVELS = ['beginner', 'intermediate', 'expert'] as const;
/** A module's level, set by the admin per module and shown to learners in Norwegian (copy/guide.ts). */
export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export const PREMIUM_PLANS = ['admin_granted', 'yearly', 'monthly'] as const;
/** A module or lesson is a draft (admins only) or published (learners too, from its publishAt if one is set). */
export const CONTENT_STATUSES = ['draft', 'published'] as const;
/** A `quiz` lesson holds its questions in `lessons.quiz` and completes when the learner passes it. */
export const LESSON_TYPES = ['text', 'video', 'interactive', 'ai-prompt', 'quiz'] as const;
export const CURRENCIES = ['NOK', 'USD', 'EUR'] as const;
export const PERIODS = ['måned', 'år', 'engang'] as const;
export const DISPLAY_TYPES = ['modal', 'fullpage', 'sidebar'] as const;
/** What a user did with a campaign shown in the guide, and why it was shown (every visit, or once after the first finished module). */
export const CAMPAIGN_EVENT_KINDS = ['shown', 'clicked'] as const;
/** Where a campaign event happened: one of the guide's display types, the /premium page, or a started checkout. */
export const CAMPAIGN_PLACEMENTS = [...DISPLAY_TYPES, 'premium_page', 'checkout'] as const;
export const UPSELL_REASONS = ['visit', 'first_module'] as const;
export const COLOR_SCHEMES = ['orange', 'purple', 'blue', 'green', 'custom'] as const;
export const URGENCY_TYPES = ['countdown', 'limited_spots', 'seasonal'] as const;
/** `trial`: a checkout that started a free trial; the card or agreement was taken, no money moved (amount 0, no receipt). */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'expired', 'refunded', 'trial'] as const;
/** trialing: a free trial (docs/decisions/0060-free-trial.md), first charged at its period's end; active: renews; past_due: a renewal failed and is retried during the grace period; canceled: ends at the period's end; expired: ended. */
export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'expired'] as const;
/** A card dispute (chargeback): open until the bank decides, then won (the money stays) or lost (it goes back). */
export const DISPUTE_STATUSES = ['open', 'won', 'lost'] as const;
/**
 * How a payment was taken; each is a module in src/worker/platform/payments/registry.ts. `test`
 * completes at once and charges nothing (development, the tests); stored as is in payments and
 * subscriptions, so a name here is never renamed.
 */
export const PAYMENT_PROVIDERS = ['test', 'stripe', 'vipps'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
/** The monthly and yearly subscription (a Premium granted by an admin is a PREMIUM_PLANS value, no plan). */
export const PLANS = ['monthly', 'yearly'] as const;
/** A sales receipt, or the credit note that reverses one (a refund). */
export const RECEIPT_KINDS = ['receipt', 'credit_note'] as const;
/** What earned a user XP (see src/shared/gamification.ts for the points). */
export const AWARD_KINDS = ['daily_login', 'lesson_completed', 'module_completed', 'streak_day', 'achievement'] as const;
export const ACHIEVEMENT_IDS = ['first-step', 'streak-7', 'module-master'] as const;
export const GUIDE_ACTION_TYPES = ['lesson_completed', 'section_completed'] as const;
/** Transactional mail (sign-in links, receipts) carries no unsubscribe; marketing mail always does. */
export const MAIL_KINDS = ['transactional', 'marketing'] as const;
/** `cancelled`: replaced before it went (a newer sign-in link to the same address). */
export const MAIL_STATUSES = ['pending', 'sent', 'failed', 'cancelled'] as const;
/** A reminder the learner asked for: their streak ends tonight, or a new lesson in a module they started. */
export const REMINDER_KINDS = ['streak', 'new_lesson'] as const;
/** What a consent event records: a request not yet confirmed, a grant, or a withdrawal. */
/** A marketing request, grant or withdrawal; or a sign-up's acceptance of vilkår and personvern (which decides no marketing). */
export const CONSENT_ACTIONS = ['requested', 'granted', 'withdrawn', 'terms_accepted'] as const;
/** A newsletter's life: written, waiting for its time, going out through the queue, all handed over, or stopped. */
export const NEWSLETTER_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'canceled'] as const;
/** Who a newsletter goes to (always only those whose marketing consent stands when it is sent). */
export const SEGMENT_KINDS = ['consented', 'leads', 'free', 'premium', 'inactive', 'tag'] as const;
/** The mails that react to what a person does: after a purchase, a checkout left unpaid, a cancellation. */
export const AUTOMATION_KINDS = ['onboarding', 'abandoned_checkout', 'cancellation'] as const;
/** Why a member cancelled, as the one-click links in the cancellation mail offer it. */
export const CANCELLATION_REASONS = ['price', 'time', 'content', 'done', 'other'] as const;
/** Why an address gets no more marketing mail: it bounced hard, or its owner marked our mail as spam. */
export const SUPPRESSION_REASONS = ['bounce', 'complaint'] as const;
/** Where an import's file came from, told by its header (src/worker/features/admin/imports/formats.ts). */
export const IMPORT_FORMATS = ['ghost', 'kajabi', 'plain'] as const;
/** Uploaded and being classified by the job; previewed; being applied by the job; every row applied. */
export const IMPORT_STATUSES = ['previewing', 'previewed', 'running', 'done'] as const;
/** What a row does: a new member, a change to one we have, or nothing (with a reason). */
export const IMPORT_OUTCOMES = ['new', 'updated', 'skipped'] as const;
/** Why a row is skipped (each has a Norwegian sentence in copy/admin/imports.ts). */
export const IMPORT_SKIP_REASONS = ['invalid_email', 'duplicate', 'bad_date', 'bad_plan', 'erased', 'unchanged'] as const;
/** Marketing mails whose links are counted (features/clicks): a newsletter, a welcome series step. */
export const TRACKED_MAILS = ['newsletter', 'welcome'] as const;
/** What an admin's webhook endpoint can be told about (docs/decisions/0053-webhooks-out.md). */
export const WEBHOOK_EVENTS = [
  'member.created',
  'member.consent_changed',
  'subscription.started',
  'subscription.renewed',
  'subscription.canceled',
  'payment.refunded',
  'lesson.completed',
  'question.asked',
] as const;
/** A delivery waits (and is retried) until its receiver answers 2xx, or is given up after a day. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;

/** Where a referral stands: signed up through the link, paid, the member credited, or turned down. */
export const REFERRAL_STATUSES = ['registered', 'paid', 'credited', 'rejected'] as const;
/** Why a referral earns nothing (docs/decisions/0061-refer-a-friend.md). */
export const REFERRAL_REJECTIONS = ['own_address', 'same_card', 'refunded', 'unpaid', 'account_gone'] as const;
/** How a member's free month was given: a Stripe customer-balance credit, or the period moved a month on. */
export const REFERRAL_CREDITS = ['balance', 'period'] as const;
