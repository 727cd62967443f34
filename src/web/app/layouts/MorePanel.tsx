import { Dialog } from "radix-ui";
import type { RefObject } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import type { TMe } from "../../../shared/schemas/auth.ts";
import { RoleBadge } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { LanguageSwitcher } from "../../components/ui/LanguageSwitcher.tsx";
import { morePanel } from "../navigation.ts";
import { MenuLink } from "./MenuLink.tsx";
import { SignOutButton } from "./SignOutButton.tsx";

/**
 * The phone's 'More Options' panel. Loaded when 'More' is first pressed (AppShell), with the
 * dialog library (radix-ui's Dialog, 10 kB), which no portal page needs to paint.
 */
export default function MorePanel({
  me,
  open,
  onOpenChange,
  triggerRef,
}: {
  me: TMe | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'More' in the bottom bar, which gets the focus back on closing (radix's Trigger would). */
  triggerRef: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            triggerRef.current?.focus();
          }}
          className="fixed inset-x-0 bottom-0 z-50 max-h-[85vh] min-h-80 overflow-y-auto rounded-t-2xl border-t border-border bg-card p-5 shadow-2xl"
        >
          <Dialog.Title className="text-base font-semibold">{t("nav.moreOptions")}</Dialog.Title>
          <div className="mt-2 flex items-center gap-2 text-sm text-muted-foreground">
            {me?.role ? <RoleBadge role={me.role} /> : null}
            <span className="truncate">{me?.user.email}</span>
          </div>
          <LanguageSwitcher className="mt-3" />
          <div className="mt-4 grid gap-1">
            {morePanel(me ?? { role: null, permissions: [] }, t).map(({ label, to, icon }) => (
              <MenuLink
                key={to}
                to={to}
                label={label}
                icon={icon}
                pathname={pathname}
                className="py-2.5"
                onClick={() => onOpenChange(false)}
              />
            ))}
            <SignOutButton label={t("nav.logout")} className="py-2.5 text-destructive" />
          </div>
          <Dialog.Close asChild>
            <Button variant="outline" className="absolute right-4 top-4" size="sm">
              {t("actions.close")}
            </Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
