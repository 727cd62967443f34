import { useCallback, useSyncExternalStore } from "react";

/** Tailwind 4's `lg` breakpoint (64rem): layouts that switch at `lg:` use the same query. */
export const LG_UP = "(min-width: 64rem)";

/** Calls `onChange` whenever `query` starts or stops matching; returns the unsubscribe. */
export function subscribeMediaQuery(query: string, onChange: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

export const matchesMediaQuery = (query: string): boolean => window.matchMedia(query).matches;

/**
 * Whether the viewport matches `query`, re-rendering when that changes. For markup that differs
 * by screen size in more than classes (a table or cards), so only one of them is rendered.
 */
export function useMediaQuery(query: string): boolean {
  // A stable subscribe per query, so React does not re-subscribe on every render.
  const subscribe = useCallback(
    (onChange: () => void) => subscribeMediaQuery(query, onChange),
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => matchesMediaQuery(query),
    // Without a window (server render, tests) the narrow layout is the safe default.
    () => false,
  );
}
