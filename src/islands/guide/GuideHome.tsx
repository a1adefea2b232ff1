import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { guide } from '#shared/copy/guide';
import { PATHS } from '#shared/paths';
import type { PublicUser } from '#shared/schemas/auth';
import { leaveIfSignedOut } from '#browser/sign-in';
import { isFirstVisit } from '#browser/first-visit';
import { $modules, $streak, recordVisit } from '#browser/stores/guide';
import Loading from '../ui/Loading';
import { SignedInPage } from '../ui/SignedInPage';
import Achievements from './Achievements';
import ContinueCard from './ContinueCard';
import GuideSearch from './GuideSearch';
import FirstVisitWelcome from './FirstVisitWelcome';
import GuideHeader from './GuideHeader';
import ModuleCard from './ModuleCard';
import PreviewBanner from './PreviewBanner';
import { UpsellModal, UpsellPage, UpsellSidebar, useUpsell } from './Upsell';

const t = guide;

/** /guide: visitors go to login; the signed-in user gets the module overview. */
export default function GuideHome() {
  return (
    <SignedInPage path={PATHS.guide} loading={t.loading}>
      {(user) => <Overview user={user} />}
    </SignedInPage>
  );
}

function Overview({ user }: { user: PublicUser }) {
  const modules = useStore($modules);
  const streak = useStore($streak);
  const upsell = useUpsell();
  const display = upsell?.campaign.displayType;

  useEffect(() => {
    void recordVisit();
  }, []);

  useEffect(() => leaveIfSignedOut(modules.error, PATHS.guide), [modules.error]);

  if (!modules.data) {
    if (!modules.error) return <Loading text={t.loading} />;
    return (
      <div role="alert" className="card mx-auto max-w-lg space-y-4 text-center">
        <p>{t.loadFailed}</p>
        <button type="button" className="btn-primary" onClick={() => $modules.revalidate()}>
          {t.retry}
        </button>
      </div>
    );
  }

  const list = [...modules.data.modules].sort((a, b) => a.order - b.order);
  const done = list.filter((m) => m.completed).length;
  // The welcome gives way to the continue card's "Fortsett der du slapp" once a lesson is done.
  const started = list.some((m) => m.completedCount > 0);
  const recommended = modules.data.next?.moduleId;

  return (
    <div className="space-y-8">
      <PreviewBanner />
      <GuideHeader user={user} stats={streak.data} />
      {isFirstVisit(user) && !started && list[0] && <FirstVisitWelcome module={list[0]} />}
      {upsell && display === 'fullpage' && <UpsellPage upsell={upsell} />}
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2 lg:items-start">
        <ContinueCard overview={modules.data} user={user} />
        <GuideSearch />
      </div>
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <section aria-labelledby="modules-title">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <h2 id="modules-title" className="text-xl font-bold">
              {t.modulesTitle}
            </h2>
            <p className="text-sm text-muted">
              {t.modulesDoneLabel}: <span className="font-semibold text-ink">{t.modulesDone(done, list.length)}</span>
            </p>
          </div>
          <p className="mt-1 text-sm text-muted">{list.every((m) => m.unlocked) ? t.modulesIntroAllOpen : t.modulesIntro}</p>
          {list.length === 0 ? (
            <p className="card mt-5 text-muted">{t.empty}</p>
          ) : (
            <ul className="mt-5 grid grid-cols-1 gap-5 md:grid-cols-2">
              {list.map((m) => (
                <ModuleCard key={m.id} module={m} recommended={m.id === recommended} />
              ))}
            </ul>
          )}
        </section>
        <div className="space-y-8">
          {upsell && display === 'sidebar' && <UpsellSidebar upsell={upsell} congratulate />}
          <Achievements stats={streak.data} />
        </div>
      </div>
      <UpsellModal upsell={upsell} />
    </div>
  );
}
