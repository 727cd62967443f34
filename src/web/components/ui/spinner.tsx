import { Loader2 } from "lucide-react";
import { cn } from "./cn.ts";

export const Spinner = ({ className }: { className?: string }) => (
  <Loader2 aria-hidden className={cn("size-4 animate-spin", className)} />
);

/** Full-height centred message with a spinner, e.g. 'Verifying authentication...'. */
export function LoadingScreen({ label }: { label: string }) {
  return (
    <div
      className="flex min-h-screen items-center justify-center gap-3 text-muted-foreground"
      role="status"
    >
      <Spinner className="size-5" />
      <span>{label}</span>
    </div>
  );
}
