import { LayoutDashboard, type LucideIcon } from "lucide-react";

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

/** The side menu, top to bottom. Each feature adds its entry here when its pages exist. */
export const NAV_ITEMS: NavItem[] = [
  { label: "Dashboard", to: "/dashboard", icon: LayoutDashboard },
];

/** Active when the route matches exactly or as a prefix (portal spec, desktop side menu). */
export const isActive = (pathname: string, to: string) =>
  pathname === to || pathname.startsWith(`${to}/`);
