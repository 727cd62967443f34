import { Monitor, Moon, Sun } from "lucide-react";
import { useTranslation } from "react-i18next";
import { type Theme, useTheme } from "../../lib/theme.ts";
import { Button } from "./Button.tsx";

const next: Record<Theme, Theme> = { light: "dark", dark: "system", system: "light" };

/** Cycles light → dark → system; the choice is kept under 'theme'. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();
  const current = t(`theme.name.${theme}`);
  const Icon = theme === "light" ? Sun : theme === "dark" ? Moon : Monitor;
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t("theme.toggle", { current, next: t(`theme.next.${next[theme]}`) })}
      title={current}
      onClick={() => setTheme(next[theme])}
    >
      <Icon />
    </Button>
  );
}
