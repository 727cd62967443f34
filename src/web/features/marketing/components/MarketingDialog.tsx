import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../components/ui/cn.ts";

/**
 * The detail dialogs of the pricing section: a sheet from the bottom on phones, a centred
 * panel on larger screens; the body scrolls, the header and the actions stay in view.
 */
export function MarketingDialog({
  open,
  onOpenChange,
  title,
  description,
  badge,
  children,
  footer,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  badge?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation("marketing");
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60 backdrop-blur-[2px]" />
        <Dialog.Content
          className={cn(
            "fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col rounded-t-2xl border border-border bg-card shadow-2xl outline-none",
            "sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-[calc(100%-3rem)] sm:max-w-2xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl",
            className,
          )}
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-4 sm:px-6">
            <div className="space-y-1">
              <div className="flex flex-wrap items-center gap-2">
                <Dialog.Title className="text-xl font-semibold tracking-tight">
                  {title}
                </Dialog.Title>
                {badge}
              </div>
              {description ? (
                <Dialog.Description className="text-sm text-muted-foreground">
                  {description}
                </Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close
              aria-label={t("actions.close")}
              className="-mr-1 rounded-md p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground"
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          {/* Focusable, so that the keyboard can scroll it when it holds no control. */}
          <section
            aria-label={t("dialog.details", { title })}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
            tabIndex={0}
            className="flex-1 overflow-y-auto px-5 py-5 focus-visible:outline-offset-[-2px] sm:px-6"
          >
            {children}
          </section>
          {footer ? (
            <div className="border-t border-border bg-muted/40 px-5 py-4 sm:rounded-b-2xl sm:px-6">
              {footer}
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
