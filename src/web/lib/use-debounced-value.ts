import { useEffect, useState } from "react";

/** How long a search box waits after the last keystroke before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** `value` once it has stayed the same for `ms`: a list searches once typing pauses, not per key. */
export function useDebouncedValue<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
