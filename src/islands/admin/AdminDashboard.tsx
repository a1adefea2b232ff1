import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ADMIN_SECTIONS, type AdminSection } from '#shared/paths';
import AdminFrame from './AdminFrame';
import ContentManager from './content/ContentManager';
import Gamification from './Gamification';
import LeadsSection from './leads/LeadsSection';
import Overview from './Overview';
import Revenue from './Revenue';
import UsersSection from './users/UsersSection';

const SECTION_VIEWS: Record<AdminSection, () => ReactNode> = {
  overview: () => <Overview />,
  users: () => <UsersSection />,
  leads: () => <LeadsSection />,
  content: () => <ContentManager />,
  gamification: () => <Gamification />,
  revenue: () => <Revenue />,
};

/** The section named by the address's fragment (`/admin#brukere`), else the overview. */
function sectionFromHash(): AdminSection {
  const id = decodeURIComponent(window.location.hash.slice(1));
  const found = (Object.keys(ADMIN_SECTIONS) as AdminSection[]).find((key) => ADMIN_SECTIONS[key] === id);
  return found ?? 'overview';
}

/** /admin: the sidebar's sections, switched by the address's fragment so back and forward work. */
export default function AdminDashboard() {
  const [section, setSection] = useState<AdminSection>('overview');
  const switched = useRef(false);

  useEffect(() => {
    setSection(sectionFromHash());
    const onHash = () => {
      switched.current = true;
      setSection(sectionFromHash());
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  useEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    document.querySelector<HTMLElement>('#main h1')?.focus();
  }, [section]);

  return <AdminFrame active={section}>{SECTION_VIEWS[section]()}</AdminFrame>;
}
