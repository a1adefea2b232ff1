import { ArrowLeft } from 'lucide-react';
import { profile } from '#shared/copy/account';
import { PATHS } from '#shared/paths';
import { api, call } from '#browser/api';
import { leaveIfSignedOut } from '#browser/sign-in';
import { Loadable, useLoad } from '../ui/Loadable';
import { SignedInPage } from '../ui/SignedInPage';
import { ConsentSection } from './ConsentSection';
import { DataSection } from './DataSection';
import { EmailSection } from './EmailSection';
import { PremiumSection } from './PremiumSection';
import { ProfileDetails } from './ProfileDetails';
import { ReminderSection } from './ReminderSection';
import { ReferralSection } from './ReferralSection';
import { SubscriptionSection } from './SubscriptionSection';

const t = profile;

/** /guide/profil: visitors go to login; the signed-in user sees and changes their own account. */
export default function Profile() {
  return (
    <SignedInPage path={PATHS.profile} loading={t.loading}>
      {() => <Account />}
    </SignedInPage>
  );
}

function Account() {
  const { state, reload } = useLoad(
    () =>
      call(api.account.$get()).catch((err: unknown) => {
        leaveIfSignedOut(err, PATHS.profile);
        throw err;
      }),
    'account',
    t.loadFailed,
  );

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <a
        href={PATHS.guide}
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-800 underline-offset-2 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t.back}
      </a>
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{t.title}</h1>
        <p className="mt-2 text-muted">{t.intro}</p>
      </header>
      <Loadable load={state} loading={t.loading} retryLabel={t.retry} onRetry={reload}>
        {(account) => (
          <div className="space-y-6">
            <ProfileDetails user={account.user} onSaved={reload} />
            <EmailSection email={account.user.email} pendingEmail={account.pendingEmail} onSent={reload} />
            <PremiumSection user={account.user} />
            <SubscriptionSection />
            <ConsentSection status={account.marketingConsent} />
            <ReminderSection />
            <ReferralSection />
            <DataSection account={account} />
          </div>
        )}
      </Loadable>
    </div>
  );
}
