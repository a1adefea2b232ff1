import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useStore } from '@nanostores/react';
import type { Role } from '#db/schema/enums';
import { adminShell } from '#shared/copy/admin';
import { maySee } from '#shared/permissions';
import { ADMIN_SECTIONS, type AdminSection } from '#shared/paths';
import { $auth } from '#browser/stores/auth';
import Loading from '../ui/Loading';
import AdminFrame from './AdminFrame';

/**
 * Each section is a chunk of its own, fetched when it is first opened: /admin loads the frame and
 * the section in the address, never the code (and the copy) of the others. A new section adds
 * one line here in the same form.
 */
const SECTION_VIEWS: Record<AdminSection, LazyExoticComponent<ComponentType>> = {
  overview: lazy(() => import('./dashboard/Overview')),
  users: lazy(() => import('./users/UsersSection')),
  payments: lazy(() => import('./payments/PaymentsSection')),
  leads: lazy(() => import('./leads/LeadsSection')),
  imports: lazy(() => import('./imports/ImportSection')),
  insights: lazy(() => import('./insights/InsightsSection')),
  questions: lazy(() => import('./questions/QuestionsSection')),
  content: lazy(() => import('./content/ContentManager')),
  gamification: lazy(() => import('./dashboard/Gamification')),
  revenue: lazy(() => import('./dashboard/Revenue')),
};

const SECTIONS = Object.keys(ADMIN_SECTIONS) as AdminSection[];

/**
 * The section named by the address's fragment (`/admin#brukere`), else the first the role may use
 * (the overview for the owner and admins, the questions for support, the content for an editor).
 */
function sectionFromHash(role: Role | null): AdminSection {
  const id = decodeURIComponent(window.location.hash.slice(1));
  const found = SECTIONS.find((key) => ADMIN_SECTIONS[key] === id);
  return found ?? SECTIONS.find((key) => maySee(role, key)) ?? 'overview';
}

/** /admin: the sidebar's sections, switched by the address's fragment so back and forward work. */
export default function AdminDashboard() {
  const [section, setSection] = useState<AdminSection>('overview');
  const switched = useRef(false);
  const auth = useStore($auth);
  const role = auth.user?.role ?? null;

  useEffect(() => {
    setSection(sectionFromHash(role));
    const onHash = () => {
      switched.current = true;
      setSection(sectionFromHash(role));
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [role]);

  /** After a switch (not the first paint), focus the new section's heading once its code has arrived. */
  const focusHeading = () => {
    if (!switched.current) return;
    switched.current = false;
    document.querySelector<HTMLElement>('#main h1')?.focus();
  };

  const View = SECTION_VIEWS[section];
  return (
    <AdminFrame active={section}>
      <Suspense key={section} fallback={<Loading text={adminShell.loading} />}>
        <View />
        <OnShown run={focusHeading} />
      </Suspense>
    </AdminFrame>
  );
}

/** Runs `run` once when mounted: inside a Suspense boundary, that is when the content beside it is shown. */
function OnShown({ run }: { run: () => void }) {
  useEffect(run, []); // eslint-disable-line react-hooks/exhaustive-deps -- once per mount, by design
  return null;
}
