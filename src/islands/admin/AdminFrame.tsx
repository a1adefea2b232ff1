import { useStore } from '@nanostores/react';
import {
  BookOpen,
  ChartColumn,
  Contact,
  FileUp,
  Gift,
  LayoutDashboard,
  LogOut,
  Mail,
  MailPlus,
  Workflow,
  Megaphone,
  Menu,
  MessageCircleQuestion,
  Settings,
  TicketPercent,
  Trophy,
  Users,
  Wallet,
  Webhook,
  X,
  CreditCard,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { adminShell } from '#shared/copy/admin';
import type { Role } from '#db/schema/enums';
import { maySee, type AdminScreen } from '#shared/permissions';
import { adminSectionPath, PATHS } from '#shared/paths';
import { $auth, checkSession, logout } from '#browser/stores/auth';
import { adminWelcome } from '#shared/copy/admin/welcome';
import { adminAutomations } from '#shared/copy/admin/automations';
import { adminNewsletters } from '#shared/copy/admin/newsletters';
import { adminSettings } from '#shared/copy/admin/settings';
import { adminWebhooks } from '#shared/copy/admin/webhooks';
import { adminCoupons } from '#shared/copy/admin/coupons';
import { adminReferrals } from '#shared/copy/admin/referrals';

const t = adminShell;

type Entry = {
  key: AdminScreen;
  href: string;
  label: string;
  icon: LucideIcon;
};
const ENTRIES: readonly Entry[] = [
  { key: 'overview', href: adminSectionPath('overview'), label: t.sections.overview, icon: LayoutDashboard },
  { key: 'users', href: adminSectionPath('users'), label: t.sections.users, icon: Users },
  { key: 'payments', href: adminSectionPath('payments'), label: t.sections.payments, icon: CreditCard },
  { key: 'leads', href: adminSectionPath('leads'), label: t.sections.leads, icon: Contact },
  { key: 'imports', href: adminSectionPath('imports'), label: t.sections.imports, icon: FileUp },
  { key: 'insights', href: adminSectionPath('insights'), label: t.sections.insights, icon: ChartColumn },
  { key: 'questions', href: adminSectionPath('questions'), label: t.sections.questions, icon: MessageCircleQuestion },
  { key: 'content', href: adminSectionPath('content'), label: t.sections.content, icon: BookOpen },
  { key: 'campaigns', href: PATHS.adminCampaigns, label: t.sections.campaigns, icon: Megaphone },
  { key: 'welcome', href: PATHS.adminWelcome, label: adminWelcome.title, icon: MailPlus },
  { key: 'newsletters', href: PATHS.adminNewsletters, label: adminNewsletters.title, icon: Mail },
  { key: 'automations', href: PATHS.adminAutomations, label: adminAutomations.title, icon: Workflow },
  { key: 'coupons', href: PATHS.adminCoupons, label: adminCoupons.title, icon: TicketPercent },
  { key: 'referrals', href: PATHS.adminReferrals, label: adminReferrals.title, icon: Gift },
  { key: 'gamification', href: adminSectionPath('gamification'), label: t.sections.gamification, icon: Trophy },
  { key: 'revenue', href: adminSectionPath('revenue'), label: t.sections.revenue, icon: Wallet },
  { key: 'webhooks', href: PATHS.adminWebhooks, label: adminWebhooks.title, icon: Webhook },
  { key: 'settings', href: PATHS.adminSettings, label: adminSettings.title, icon: Settings },
];

/**
 * The frame of every admin screen: checks that the visitor has a role ('Ingen tilgang'
 * otherwise — the server refuses them too), then draws the sidebar (a menu on a phone) with the
 * sections the role may use, and the `main` landmark around `children` — or, for a section the
 * role may not use (opened by its address), a message saying so instead (its API answers 403).
 * `active` marks the current sidebar entry.
 */
export default function AdminFrame({ active, children }: { active: Entry['key']; children: ReactNode }) {
  const auth = useStore($auth);

  useEffect(() => {
    void checkSession();
  }, []);

  if (auth.status === 'loading') {
    return (
      <main id="main" className="flex min-h-dvh items-center justify-center px-4">
        <p role="status" className="text-muted">
          {t.loading}
        </p>
      </main>
    );
  }
  if (auth.status !== 'authenticated' || !auth.user.role) {
    return <NoAccess signedIn={auth.status === 'authenticated'} />;
  }
  const { role, email } = auth.user;
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[16rem_minmax(0,1fr)]">
      <Sidebar active={active} role={role} email={email} />
      <main id="main" tabIndex={-1} className="min-w-0 px-4 py-6 outline-none sm:px-6 lg:px-10 lg:py-10">
        {maySee(role, active) ? children : <NoSection role={role} />}
      </main>
    </div>
  );
}

function NoAccess({ signedIn }: { signedIn: boolean }) {
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center px-4 py-10">
      <div className="card w-full max-w-md text-center">
        <h1 className="text-2xl font-bold">{t.noAccessTitle}</h1>
        <p className="mt-2 text-muted">{t.noAccessText}</p>
        <div className="mt-6 flex flex-col gap-2">
          <a href={PATHS.guide} className="btn-primary">
            {t.toGuide}
          </a>
          {!signedIn && (
            <a href={PATHS.adminLogin} className="btn-secondary">
              {t.signIn}
            </a>
          )}
        </div>
      </div>
    </main>
  );
}

/** A section the role may not use: said in words, with the menu beside it to go elsewhere. */
function NoSection({ role }: { role: Role }) {
  return (
    <div className="card max-w-xl" role="alert">
      <h1 className="text-2xl font-bold" tabIndex={-1}>
        {t.noSectionTitle}
      </h1>
      <p className="mt-2 text-muted">{t.noSectionText(t.roles[role])}</p>
    </div>
  );
}

function Sidebar({ active, role, email }: { active: Entry['key']; role: Role; email: string }) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        document.getElementById('admin-menu-button')?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  async function onLogout() {
    await logout();
    window.location.assign(PATHS.home);
  }

  return (
    <div className="sticky top-0 z-30 border-b border-stone-200 bg-white lg:h-dvh lg:border-r lg:border-b-0">
      <div className="flex h-16 items-center justify-between gap-3 px-4 lg:px-5">
        <a href={PATHS.home} className="inline-flex items-center gap-2 text-lg font-extrabold tracking-tight">
          <img src="/favicon.svg" alt="" width="28" height="28" className="size-7" />
          <span>Soloprenør</span>
          <span className="rounded-md bg-stone-900 px-1.5 py-0.5 text-xs font-bold text-white">{t.navLabel}</span>
        </a>
        <button
          id="admin-menu-button"
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-xl border border-stone-300 lg:hidden"
          aria-expanded={open}
          aria-controls="admin-nav"
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
          <span className="sr-only">{open ? t.closeMenu : t.menu}</span>
        </button>
      </div>
      <div
        id="admin-nav"
        className={`${open ? 'flex' : 'hidden'} max-h-[calc(100dvh-4rem)] flex-col overflow-y-auto border-t border-stone-200 px-3 pb-4 lg:flex lg:h-[calc(100dvh-4rem)] lg:max-h-none lg:border-t-0`}
      >
        <nav aria-label={t.navLabel} className="pt-3">
          <ul className="space-y-1">
            {ENTRIES.filter(({ key }) => maySee(role, key)).map(({ key, href, label, icon: Icon }) => (
              <li key={key}>
                <a
                  href={href}
                  aria-current={key === active ? 'page' : undefined}
                  onClick={() => setOpen(false)}
                  className={`flex min-h-11 items-center gap-3 rounded-xl px-3 py-2 font-medium ${
                    key === active ? 'bg-brand-50 text-brand-800' : 'text-ink hover:bg-stone-100'
                  }`}
                >
                  <Icon aria-hidden="true" className="size-5 shrink-0" />
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-6 border-t border-stone-200 pt-4 lg:mt-auto">
          <p className="px-3 text-xs text-muted">{t.signedInAs}</p>
          <p className="truncate px-3 text-sm font-medium" title={email}>
            {email}
          </p>
          <p className="px-3 text-xs text-muted">{t.roles[role]}</p>
          <button
            type="button"
            onClick={onLogout}
            className="mt-2 flex min-h-11 w-full items-center gap-3 rounded-xl px-3 py-2 font-medium text-ink hover:bg-stone-100"
          >
            <LogOut aria-hidden="true" className="size-5" />
            {t.logout}
          </button>
        </div>
      </div>
    </div>
  );
}
