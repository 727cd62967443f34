import type { LucideIcon } from "lucide-react";
import { Button, type ButtonProps } from "./Button.tsx";

/** A ghost button showing only an icon; `label` is required as its accessible name. */
export function IconButton({
  label,
  icon: Icon,
  ...props
}: Omit<ButtonProps, "children" | "aria-label" | "asChild"> & { label: string; icon: LucideIcon }) {
  return (
    <Button variant="ghost" size="icon" aria-label={label} {...props}>
      <Icon aria-hidden />
    </Button>
  );
}
