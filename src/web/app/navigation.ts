import {
  BarChart3,
  Building2,
  CalendarClock,
  ClipboardList,
  Contact,
  FileText,
  LayoutDashboard,
  type LucideIcon,
  Megaphone,
  PlusCircle,
  Settings,
  User,
  Users,
} from "lucide-react";
import english from "../../shared/i18n/locales/en/common.json";
import type { TMe } from "../../shared/schemas/auth.ts";

type NavKey = keyof typeof english.nav;

export interface NavItem {
  /** The entry's word in the `common` catalogue (nav.dashboard...). */
  key: NavKey;
  /** That word in the language of the `t` the menu was made with. */
  label: string;
  to: string;
  icon: LucideIcon;
}

/** Translates a `common` key; the shell passes i18next's, the default reads the English words. */
export type NavTranslate = (key: `nav.${NavKey}`) => string;
const inEnglish: NavTranslate = (key) => english.nav[key.slice("nav.".length) as NavKey];

type Me = Pick<TMe, "role" | "permissions">;

/** The one page of a member whose organization requires two-factor and who has not set it up. */
export const TWO_FACTOR_SETUP_PATH = "/two-factor-setup";

/**
 * The set-up page, remembering the page the person opened (issue 30): once set up, they go on
 * there (the set-up page keeps it only if next-path.ts finds it safe).
 */
export const twoFactorSetupFor = (location: { pathname: string; search: string }) =>
  location.pathname === "/dashboard" && !location.search
    ? TWO_FACTOR_SETUP_PATH
    : `${TWO_FACTOR_SETUP_PATH}?next=${encodeURIComponent(location.pathname + location.search)}`;

/** Routes whose pages exist; a menu entry appears only when its page does. */
export const BUILT_ROUTES = new Set<string>([
  "/dashboard",
  "/grievances",
  "/deadlines",
  "/reports",
  "/submit-grievance",
  "/directory",
  "/roster",
  "/documents",
  "/announcements",
  "/profile",
  "/settings",
  "/settings/billing",
  "/organization-setup",
]);

/** The desktop side menu (portal spec), top to bottom, for this person's role. */
export function sideMenu(me: Me, t: NavTranslate = inEnglish): NavItem[] {
  const admin = me.role === "admin";
  const items: (Omit<NavItem, "label"> | false)[] = [
    { key: "dashboard", to: "/dashboard", icon: LayoutDashboard },
    me.role === "member"
      ? { key: "myGrievances", to: "/grievances", icon: ClipboardList }
      : { key: "grievances", to: "/grievances", icon: ClipboardList },
    me.role !== "member" && { key: "deadlines", to: "/deadlines", icon: CalendarClock },
    me.role !== "member" && { key: "reports", to: "/reports", icon: BarChart3 },
    { key: "submitGrievance", to: "/submit-grievance", icon: PlusCircle },
    { key: "directory", to: "/directory", icon: Users },
    me.permissions.includes("manage:roster") && { key: "roster", to: "/roster", icon: Contact },
    { key: "documents", to: "/documents", icon: FileText },
    { key: "announcements", to: "/announcements", icon: Megaphone },
    { key: "profile", to: "/profile", icon: User },
    admin && { key: "settings", to: "/settings", icon: Settings },
    admin && { key: "organizationSetup", to: "/organization-setup", icon: Building2 },
  ];
  return items
    .filter((i) => i !== false)
    .filter((i) => BUILT_ROUTES.has(i.to))
    .map((i) => ({ ...i, label: t(`nav.${i.key}`) }));
}

/**
 * The phone's bottom bar (then More): the spec's Dashboard, (My) Grievances, Directory,
 * Announcements. Issue 30: 'Submit Grievance' hid under 'More', so for those who can file it
 * takes the bar's middle and Announcements moves to 'More' (six labels do not fit a 360 px
 * phone on one line each).
 */
export function bottomBar(me: Me, t: NavTranslate = inEnglish): NavItem[] {
  const keep = me.permissions.includes("create:grievance")
    ? ["/dashboard", "/grievances", "/submit-grievance", "/directory"]
    : ["/dashboard", "/grievances", "/directory", "/announcements"];
  return sideMenu(me, t).filter((i) => keep.includes(i.to));
}

/**
 * The 'More Options' panel's links, in this order (portal spec: Documents, Submit Grievance,
 * Settings for admins, then Logout). Deadlines and Reports (stewards and admins), Profile and, for admins,
 * Organization Setup are added before Logout: the bottom bar has no other way to reach them on
 * a phone. What the bar shows is left out (Submit Grievance, or Announcements: see bottomBar).
 */
const MORE_PANEL = [
  "/documents",
  "/announcements",
  "/submit-grievance",
  "/roster",
  "/settings",
  "/deadlines",
  "/reports",
  "/profile",
  "/organization-setup",
] as const;

/** The 'More Options' panel's links for this role; the panel ends with this sign-out label. */
export function morePanel(me: Me, t: NavTranslate = inEnglish): NavItem[] {
  const inBar = new Set(bottomBar(me, t).map((i) => i.to));
  const available = sideMenu(me, t).filter((i) => !inBar.has(i.to));
  return MORE_PANEL.flatMap((to) => available.find((i) => i.to === to) ?? []);
}
/** The panel's sign-out word (the spec's 'Logout'; the shell shows `t("nav.logout")`). */
export const MORE_PANEL_SIGN_OUT = inEnglish("nav.logout");

/** Active when the route matches exactly or as a prefix (portal spec, desktop side menu). */
export const isActive = (pathname: string, to: string) =>
  pathname === to || pathname.startsWith(`${to}/`);
