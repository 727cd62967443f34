import {
  BarChart3,
  Building2,
  CalendarClock,
  ClipboardList,
  FileText,
  LayoutDashboard,
  type LucideIcon,
  Megaphone,
  PlusCircle,
  Settings,
  User,
  Users,
} from "lucide-react";
import type { TMe } from "../../shared/schemas/auth.ts";

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

type Me = Pick<TMe, "role" | "permissions">;

/** Routes whose pages exist; a menu entry appears only when its page does. */
export const BUILT_ROUTES = new Set<string>([
  "/dashboard",
  "/grievances",
  "/deadlines",
  "/reports",
  "/submit-grievance",
  "/directory",
  "/documents",
  "/announcements",
  "/profile",
  "/settings",
  "/settings/billing",
  "/organization-setup",
]);

/** The desktop side menu (portal spec), top to bottom, for this person's role. */
export function sideMenu(me: Me): NavItem[] {
  const admin = me.role === "admin";
  const items: (NavItem | false)[] = [
    { label: "Dashboard", to: "/dashboard", icon: LayoutDashboard },
    me.role === "member"
      ? { label: "My Grievances", to: "/grievances", icon: ClipboardList }
      : { label: "Grievances", to: "/grievances", icon: ClipboardList },
    me.role !== "member" && { label: "Deadlines", to: "/deadlines", icon: CalendarClock },
    me.role !== "member" && { label: "Reports", to: "/reports", icon: BarChart3 },
    { label: "Submit Grievance", to: "/submit-grievance", icon: PlusCircle },
    { label: "Directory", to: "/directory", icon: Users },
    { label: "Documents", to: "/documents", icon: FileText },
    { label: "Announcements", to: "/announcements", icon: Megaphone },
    { label: "Profile", to: "/profile", icon: User },
    admin && { label: "Settings", to: "/settings", icon: Settings },
    admin && { label: "Organization Setup", to: "/organization-setup", icon: Building2 },
  ];
  return items.filter((i): i is NavItem => i !== false && BUILT_ROUTES.has(i.to));
}

/** The phone's bottom bar: Dashboard, (My) Grievances, Directory, Announcements (then More). */
export function bottomBar(me: Me): NavItem[] {
  const keep = ["/dashboard", "/grievances", "/directory", "/announcements"];
  return sideMenu(me).filter((i) => keep.includes(i.to));
}

/**
 * The 'More Options' panel's links, in this order (portal spec: Documents, Submit Grievance,
 * Settings for admins, then Logout). Deadlines and Reports (stewards and admins), Profile and, for admins,
 * Organization Setup are added before Logout: the bottom bar has no other way to reach them on
 * a phone.
 */
const MORE_PANEL = [
  "/documents",
  "/submit-grievance",
  "/settings",
  "/deadlines",
  "/reports",
  "/profile",
  "/organization-setup",
] as const;

/** The 'More Options' panel's links for this role; the panel ends with this sign-out label. */
export function morePanel(me: Me): NavItem[] {
  const available = sideMenu(me);
  return MORE_PANEL.flatMap((to) => available.find((i) => i.to === to) ?? []);
}
export const MORE_PANEL_SIGN_OUT = "Logout";

/** Active when the route matches exactly or as a prefix (portal spec, desktop side menu). */
export const isActive = (pathname: string, to: string) =>
  pathname === to || pathname.startsWith(`${to}/`);
