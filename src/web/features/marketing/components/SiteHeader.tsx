import { Menu, X } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { Button } from "../../../components/ui/Button.tsx";
import { LanguageSwitcher } from "../../../components/ui/LanguageSwitcher.tsx";
import { Logo } from "../../../components/ui/Logo.tsx";
import { ThemeToggle } from "../../../components/ui/ThemeToggle.tsx";
import { useSignedIn } from "../api/public-api.ts";

/** The landing page's sections; each label is header.<id>. */
const ANCHORS = ["features", "pricing", "testimonials"] as const;

const MENU_ID = "site-menu";

/** On the landing page the anchors scroll; elsewhere they lead to it. */
function AnchorLink({
  id,
  children,
  className,
  onClick,
}: {
  id: string;
  children: ReactNode;
  className?: string;
  onClick?: () => void;
}) {
  const { pathname } = useLocation();
  const onLanding = pathname === "/" || pathname === "/home";
  return onLanding ? (
    <a href={`#${id}`} className={className} onClick={onClick}>
      {children}
    </a>
  ) : (
    <Link to={`/home#${id}`} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}

/** 'Log in' and 'Try free' (marketing spec); a signed-in visitor gets 'Dashboard' instead. */
function AccountLinks({ onClick }: { onClick?: () => void }) {
  const { t } = useTranslation("marketing");
  const signedIn = useSignedIn();
  if (signedIn) {
    return (
      <Button asChild className="px-3 sm:px-4">
        <Link to="/dashboard" onClick={onClick}>
          {t("header.dashboard")}
        </Link>
      </Button>
    );
  }
  return (
    <>
      <Button asChild variant="ghost" className="px-2.5 sm:px-4">
        <Link to="/login" onClick={onClick}>
          {t("actions.logIn")}
        </Link>
      </Button>
      <Button asChild className="px-3 sm:px-4">
        <Link to="/register" onClick={onClick}>
          {t("header.tryFree")}
        </Link>
      </Button>
    </>
  );
}

/**
 * The public site's header. Below `md` the section and account links fold into a menu button
 * (a disclosure, not a modal): it closes on Escape, on following a link, and on a route change.
 */
export function SiteHeader() {
  const { t } = useTranslation("marketing");
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const close = () => setOpen(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new route closes the menu.
  useEffect(close, [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  const anchorClass =
    "rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground";
  return (
    <header className="sticky top-0 z-30 border-b border-border/60 bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label={t("header.sections")} className="hidden items-center gap-1 md:flex">
          {ANCHORS.map((id) => (
            <AnchorLink key={id} id={id} className={anchorClass}>
              {t(`header.${id}`)}
            </AnchorLink>
          ))}
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          <LanguageSwitcher id="header-language" className="hidden md:inline-flex" />
          <ThemeToggle />
          <nav aria-label={t("header.account")} className="hidden items-center gap-2 md:flex">
            <AccountLinks />
          </nav>
          <Button
            ref={button}
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={open}
            aria-controls={MENU_ID}
            aria-label={t("header.menu")}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <X aria-hidden /> : <Menu aria-hidden />}
          </Button>
        </div>
      </div>
      <nav
        id={MENU_ID}
        aria-label={t("header.menu")}
        hidden={!open}
        className="border-t border-border/60 px-4 pb-4 pt-2 md:hidden"
      >
        <div className="grid gap-1">
          {ANCHORS.map((id) => (
            <AnchorLink key={id} id={id} className={anchorClass} onClick={close}>
              {t(`header.${id}`)}
            </AnchorLink>
          ))}
        </div>
        <LanguageSwitcher id="menu-language" className="mt-3 px-3" />
        <div className="mt-3 grid grid-cols-2 gap-2 [&>a:only-child]:col-span-2">
          <AccountLinks onClick={close} />
        </div>
      </nav>
    </header>
  );
}
