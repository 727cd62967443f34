import { useSyncExternalStore } from "react";

type Toast = typeof import("sonner").toast;

// The toaster (app/toaster.tsx, with sonner) mounts when the first toast is raised, not with
// the page: most pages show none until someone acts. sonner replays the toasts raised before
// it subscribed.
let wanted = false;
const listeners = new Set<() => void>();

/** Mounts the toaster (providers.tsx) if it is not yet. */
export function requestToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** Whether a toast has been raised, so the toaster must be on the page. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}

/**
 * sonner's `toast`, loaded on first use. For code in the landing page's first load (the plan
 * and package choice, checkout), so that the toast library stays out of it.
 */
export function lazyToast(show: (toast: Toast) => void): void {
  requestToaster();
  void import("sonner").then(({ toast }) => show(toast));
}
