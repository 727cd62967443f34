import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { cn } from "../../components/ui/cn.ts";
import { isActive } from "../navigation.ts";

/** One entry of the side menu or the phone's 'More' panel, marked when it is the current page. */
export function MenuLink({
  to,
  label,
  icon: Icon,
  pathname,
  className,
  onClick,
}: {
  to: string;
  label: string;
  icon: LucideIcon;
  pathname: string;
  className: string;
  onClick?: () => void;
}) {
  const current = isActive(pathname, to);
  return (
    <Link
      to={to}
      onClick={onClick}
      aria-current={current ? "page" : undefined}
      className={cn(
        "flex items-center gap-3 rounded-md px-3 text-sm font-medium hover:bg-muted",
        className,
        current && "bg-primary/10 text-primary",
      )}
    >
      <Icon aria-hidden className="size-4" />
      {label}
    </Link>
  );
}
