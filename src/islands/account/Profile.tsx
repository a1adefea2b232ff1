import { useStore } from '@nanostores/react';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { nb } from '#shared/copy/nb';
import { loginPath, PATHS } from '#shared/paths';
import { api, ApiError, call } from '#browser/api';
import { $auth, checkSession } from '#browser/stores/auth';
import { Loadable, useLoad } from '../ui/Loadable';
import Loading from '../ui/Loading';
import { ConsentSection } from './ConsentSection';
import { DataSection } from './DataSection';
import { EmailSection } from './EmailSection';
import { PremiumSection } from './PremiumSection';
import { ProfileDetails } from './ProfileDetails';

const t = nb.profile;

/** /guide/profil: visitors go to login; the signed-in user sees and changes their own account. */
export default function Profile() {
  const auth = useStore($auth);

  useEffect(() => {
    void checkSession().then((state) => {
      if (state.status === 'anonymous') window.location.replace(loginPath(PATHS.profile));
    });
  }, []);

  if (auth.status !== 'authenticated') return <Loading text={t.loading} />;
  return <Account />;
}

function Account() {
  const { state, reload } = useLoad(
    () =>
      call(api.account.$get()).catch((err: unknown) => {
        // A session that ended while the page was open.
        if (err instanceof ApiError && err.status === 401) window.location.replace(loginPath(PATHS.profile));
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
            <ConsentSection status={account.marketingConsent} onChanged={reload} />
            <DataSection account={account} />
          </div>
        )}
      </Loadable>
    </div>
  );
}
