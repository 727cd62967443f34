import { Lock, MoreHorizontal } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation } from "react-router";
import { cn } from "../../components/ui/cn.ts";
import { LanguageSwitcher } from "../../components/ui/LanguageSwitcher.tsx";
import { ThemeToggle } from "../../components/ui/ThemeToggle.tsx";
import { translateMessage } from "../../lib/i18n.ts";
import { useLiveUpdates } from "../../lib/live-updates.ts";
import { useMe } from "../../lib/session.ts";
import { bottomBar, isActive, morePanel, sideMenu } from "../navigation.ts";
import { MenuLink } from "./MenuLink.tsx";
import { PortalFooter } from "./PortalFooter.tsx";
import { SignOutButton } from "./SignOutButton.tsx";
import { UserSummary } from "./UserBadge.tsx";

const NO_ROLE = { role: null, permissions: [] };

// The phone's 'More' panel and its dialog library load when 'More' is first pressed.
const MorePanel = lazy(() => import("./MorePanel.tsx"));

// Items grow from their label's width instead of taking equal fifths: 'Announcements' needs
// more room than 'More', and every label has to stay on one line at 360 px.
const BAR_ITEM =
  "flex shrink-0 grow basis-auto flex-col items-center justify-center gap-1 whitespace-nowrap px-1 text-[11px] leading-tight sm:text-xs";

/** Side navigation on desktop, a bottom bar with a 'More' panel on phones, the page between. */
export function AppShell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { me } = useMe();
  const [moreOpen, setMoreOpen] = useState(false);
  const [moreLoaded, setMoreLoaded] = useState(false);
  const moreButton = useRef<HTMLButtonElement>(null);
  useLiveUpdates(Boolean(me?.organization));
  const access = me ?? NO_ROLE;
  // A page opened from 'More' (Profile, Settings...) marks 'More' as where the person is.
  const inMore = morePanel(access, t).some(({ to }) => isActive(pathname, to));

  return (
    <div className="min-h-screen md:flex">
      {/* The column's background and border run the whole page down (issue 30: they stopped
          at the first screen of a long page); the menu inside stays in view as it scrolls. */}
      <div className="hidden w-64 shrink-0 border-r border-border bg-card md:block">
        <aside className="sticky top-0 flex h-dvh flex-col">
          <Link
            to="/dashboard"
            className="flex h-16 items-center gap-2 border-b border-border px-5"
          >
            <img src="/favicon.svg" alt="" className="size-7" />
            <span className="text-lg font-semibold tracking-tight">UnionHall</span>
          </Link>
          <nav aria-label={t("nav.main")} className="flex-1 space-y-1 overflow-y-auto p-3">
            {sideMenu(access, t).map(({ label, to, icon }) => (
              <MenuLink
                key={to}
                to={to}
                label={label}
                icon={icon}
                pathname={pathname}
                className="py-2"
              />
            ))}
            <SignOutButton label={t("nav.signOut")} className="w-full py-2" />
          </nav>
          {/* The theme toggle lives in the header, so the user's name and role get the width. */}
          <div className="space-y-3 border-t border-border p-4">
            <UserSummary me={me} />
            <LanguageSwitcher />
          </div>
        </aside>
      </div>

      <div className="flex min-w-0 flex-1 flex-col pb-16 md:pb-0">
        <header className="sticky top-0 z-20 flex h-14 items-center justify-between border-b border-border bg-card/95 px-4 backdrop-blur md:h-16 md:px-8">
          {/* The page's own heading names it (issue 14: no title said twice); on a phone,
              where the side menu and its brand are hidden, the header carries the brand. */}
          <Link to="/dashboard" className="flex items-center gap-2 md:invisible">
            <img src="/favicon.svg" alt="" className="size-7" />
            <span className="text-lg font-semibold tracking-tight">UnionHall</span>
          </Link>
          <ThemeToggle />
        </header>
        {me?.organization?.readOnly ? (
          // Every portal page says why nothing can be changed (issue 14); admins get the way out.
          <section
            aria-label={t("shell.readOnly")}
            className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 md:px-8 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
            data-testid="read-only-banner"
          >
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <Lock aria-hidden className="size-4 shrink-0" />
              <span>{translateMessage(me.organization.readOnly)}</span>
              {me.permissions.includes("manage:billing") ? (
                <Link to="/settings/billing" className="font-semibold underline">
                  {t("shell.choosePlan")}
                </Link>
              ) : null}
            </p>
          </section>
        ) : null}
        <main className="flex-1 p-4 sm:p-8">
          <Outlet />
        </main>
        <PortalFooter />
      </div>

      <nav
        aria-label={t("nav.mobile")}
        className="fixed inset-x-0 bottom-0 z-30 flex h-16 items-stretch border-t border-border bg-card md:hidden"
      >
        {bottomBar(access, t).map(({ label, to, icon: Icon }) => (
          <Link
            key={to}
            to={to}
            aria-current={isActive(pathname, to) ? "page" : undefined}
            className={cn(
              BAR_ITEM,
              isActive(pathname, to) ? "text-primary" : "text-muted-foreground",
            )}
          >
            <Icon aria-hidden className="size-5" />
            <span>{label}</span>
          </Link>
        ))}
        <button
          ref={moreButton}
          type="button"
          aria-haspopup="dialog"
          aria-expanded={moreOpen}
          aria-current={inMore ? "page" : undefined}
          onClick={() => {
            setMoreLoaded(true);
            setMoreOpen(true);
          }}
          className={cn(BAR_ITEM, inMore ? "text-primary" : "text-muted-foreground")}
        >
          <MoreHorizontal aria-hidden className="size-5" />
          <span>{t("nav.more")}</span>
        </button>
        {moreLoaded ? (
          <Suspense fallback={null}>
            <MorePanel me={me} open={moreOpen} onOpenChange={setMoreOpen} triggerRef={moreButton} />
          </Suspense>
        ) : null}
      </nav>
    </div>
  );
}
