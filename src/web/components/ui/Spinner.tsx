import { Loader2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "./cn.ts";

export const Spinner = ({ className }: { className?: string }) => (
  <Loader2 aria-hidden className={cn("size-4 animate-spin", className)} />
);

/** Full-height centred message with a spinner, e.g. 'Verifying authentication...' ('Loading...' by default). */
export function LoadingScreen({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div
      className="flex min-h-screen items-center justify-center gap-3 text-muted-foreground"
      role="status"
    >
      <Spinner className="size-5" />
      <span>{label ?? t("loading")}</span>
    </div>
  );
}
