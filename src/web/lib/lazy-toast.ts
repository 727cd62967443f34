import { useSyncExternalStore } from "react";

type Toast = typeof import("sonner").toast;

// The toaster (app/Toaster.tsx, with sonner) mounts when the first toast is raised, not with
// the page: most pages show none until someone acts. sonner replays the toasts raised before
// it subscribed.
let wanted = false;
const listeners = new Set<() => void>();

/** Mounts the toaster (Providers.tsx) if it is not yet. */
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

/** Where a toast waits for the page the visitor is sent to (toastOnArrival). */
const CARRIED = "unionhall-toast";

/**
 * A toast raised as the visitor is sent to another page ('Login Required' for a choice made
 * signed out). The single-page app shows it at once; a pre-rendered public page
 * (site-main.tsx) loads the next page as a new document, which shows it (showCarriedToast).
 */
export function toastOnArrival(title: string, description: string): void {
  if (document.documentElement.dataset.prerendered === "true") {
    try {
      sessionStorage.setItem(CARRIED, JSON.stringify({ title, description }));
      return;
    } catch {
      // Storage off: shown here, for as long as the page stays.
    }
  }
  lazyToast((toast) => toast(title, { description }));
}

/** Shows the toast a pre-rendered page left for this one, if any (main.tsx). */
export function showCarriedToast(): void {
  let carried: { title?: string; description?: string } | null = null;
  try {
    carried = JSON.parse(sessionStorage.getItem(CARRIED) ?? "null");
    sessionStorage.removeItem(CARRIED);
  } catch {
    return;
  }
  if (carried?.title) toastOnArrival(carried.title, carried.description ?? "");
}
