import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Toaster as Sonner, toast, useSonner } from "sonner";
import { Delays } from "../lib/delays.ts";

/**
 * One toast at a time (spec: 5 s each): the newest replaces the one on screen, which is
 * dismissed rather than hidden behind it and shown again afterwards (issue 14).
 */
function OneToastAtATime() {
  const { toasts } = useSonner();
  useEffect(() => {
    for (const older of toasts.slice(1)) toast.dismiss(older.id);
  }, [toasts]);
  return null;
}

/** Loaded after the first render (see Providers.tsx), with sonner itself. */
export default function Toaster({ theme }: { theme: "light" | "dark" | "system" }) {
  const { t } = useTranslation();
  return (
    <>
      <Sonner
        duration={Delays.toast}
        visibleToasts={1}
        theme={theme}
        closeButton
        position="top-right"
        containerAriaLabel={t("shell.notifications")}
        toastOptions={{ closeButtonAriaLabel: t("shell.closeToast") }}
      />
      <OneToastAtATime />
    </>
  );
}
