import { Monitor, Moon, Sun } from "lucide-react";
import { type Theme, useTheme } from "../../lib/theme.ts";
import { Button } from "./button.tsx";

const next: Record<Theme, Theme> = { light: "dark", dark: "system", system: "light" };
const labels: Record<Theme, string> = {
  light: "Light theme",
  dark: "Dark theme",
  system: "System theme",
};

/** Cycles light → dark → system; the choice is kept under 'theme'. */
export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  const Icon = theme === "light" ? Sun : theme === "dark" ? Moon : Monitor;
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`${labels[theme]} (switch to ${labels[next[theme]].toLowerCase()})`}
      title={labels[theme]}
      onClick={() => setTheme(next[theme])}
    >
      <Icon />
    </Button>
  );
}
