import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { ROLE_BADGE, type Role } from "../../../shared/permissions.ts";
import { cn } from "./cn.ts";

const tones = {
  red: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
  blue: "bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200",
  green: "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200",
  yellow: "bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200",
  purple: "bg-purple-100 text-purple-800 dark:bg-purple-950 dark:text-purple-200",
  gray: "bg-muted text-muted-foreground",
} as const;
export type BadgeTone = keyof typeof tones;

export function Badge({
  tone = "gray",
  className,
  ...props
}: ComponentProps<"span"> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium",
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}

/** Admin red, steward blue, member green (portal spec 6). */
export function RoleBadge({ role, className }: { role: Role; className?: string }) {
  const { t } = useTranslation();
  const { tone } = ROLE_BADGE[role];
  return (
    <Badge tone={tone} className={className}>
      {t(`roles.${role}`)}
    </Badge>
  );
}
