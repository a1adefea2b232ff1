import { Crown, LogIn } from 'lucide-react';
import { nb } from '#shared/copy/nb';
import { loginPath, PATHS } from '#shared/paths';
import { StatusCard } from './StatusCard';

const t = nb.premium.guard;

/** Signed out: the upgrade needs an account. */
export function SignedOut() {
  return (
    <StatusCard icon={<LogIn className="size-7" />} title={t.loginTitle}>
      <p className="mt-3 text-muted">{t.loginText}</p>
      <a href={loginPath(PATHS.premium)} className="btn-primary mt-6 w-full">
        {t.loginButton}
      </a>
    </StatusCard>
  );
}

/** Already Premium: nothing to buy. */
export function AlreadyPremium() {
  return (
    <StatusCard icon={<Crown className="size-7" />} title={t.alreadyTitle}>
      <p className="mt-3 text-muted">{t.alreadyText}</p>
      <a href={PATHS.guide} className="btn-primary mt-6 w-full">
        {t.toGuide}
      </a>
    </StatusCard>
  );
}
