import { Crown } from 'lucide-react';
import { profile } from '#shared/copy/account';
import { guide } from '#shared/copy/guide';
import { PATHS } from '#shared/paths';
import type { PublicUser } from '#shared/schemas/auth';
import { formatDate } from '#browser/format';
import { Section } from './Section';

const t = profile;

/** Whether the user has Premium, on which plan and until when; else the way to it. */
export function PremiumSection({ user }: { user: PublicUser }) {
  const plan = user.premiumSubscription?.plan;
  const end = user.premiumSubscription?.endDate ?? null;
  return (
    <Section title={t.premiumTitle} icon={<Crown className="size-5" />}>
      {user.isPremium ? (
        <>
          <p className="font-semibold">{t.premiumActive}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-muted">{t.premiumPlan}</dt>
            <dd className="font-semibold" data-testid="premium-plan">
              {plan ? guide.premium[plan] : guide.premium.other}
            </dd>
            <dt className="text-muted">{t.premiumEnds}</dt>
            <dd className="font-semibold">{end ? formatDate(end) : t.premiumNoEnd}</dd>
          </dl>
          {plan === 'admin_granted' && end && (
            <div className="flex flex-wrap items-center justify-between gap-3" data-testid="premium-renew">
              <p className="text-sm">{t.premiumGrantedRenew(formatDate(end))}</p>
              <a href={PATHS.premium} className="btn-secondary">
                {t.premiumChoosePlan}
              </a>
            </div>
          )}
        </>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p>{t.premiumNone}</p>
          <a href={PATHS.premium} className="btn-secondary">
            {t.premiumUpgrade}
          </a>
        </div>
      )}
    </Section>
  );
}
