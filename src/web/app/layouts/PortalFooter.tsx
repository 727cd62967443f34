import { useTranslation } from "react-i18next";

/**
 * The portal's footer (portal spec 1: 'a credit line and a copyright line'). The spec does not
 * give the credit line's words; the copyright year is the current one (issue 14: a 2025 line
 * read as a site nobody looks after).
 */
export function PortalFooter() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-border px-4 py-4 text-center text-xs text-muted-foreground sm:px-8 md:text-left">
      <p>{t("shell.credit")}</p>
      <p className="mt-1">{t("shell.copyright", { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
