import { useCallback, useEffect, useState } from "react";
import { hydration } from "./hydration.ts";

export type Theme = "light" | "dark" | "system";
const KEY = "theme"; // the spec's key; default 'system'

function readTheme(): Theme {
  try {
    const stored = localStorage.getItem(KEY);
    return stored === "light" || stored === "dark" ? stored : "system";
  } catch {
    return "system";
  }
}

function apply(theme: Theme) {
  const dark =
    theme === "dark" ||
    (theme === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
}

export function useTheme() {
  // null: not read yet (hydrating a pre-rendered page, which was rendered with 'system').
  const [stored, setThemeState] = useState<Theme | null>(() =>
    hydration.active ? null : readTheme(),
  );
  useEffect(() => {
    if (stored === null) setThemeState(readTheme());
  }, [stored]);
  const theme = stored ?? "system";
  useEffect(() => {
    if (stored === null) return; // theme-init.js has set the page's class already
    apply(theme);
    if (theme !== "system") return;
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    const onChange = () => apply("system");
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, [stored, theme]);
  const setTheme = useCallback((next: Theme) => {
    localStorage.setItem(KEY, next);
    setThemeState(next);
  }, []);
  return { theme, setTheme };
}
